import Focus
import Foundation
import Testing

@Suite struct SessionIDTests {
    /// A session identity encodes as its bare string and decodes back.
    @Test func sessionIDIsABareString() throws {
        let data = try JSONEncoder().encode(["nav" as SessionID])
        #expect(String(decoding: data, as: UTF8.self) == #"["nav"]"#)
        #expect(try JSONDecoder().decode([SessionID].self, from: data) == ["nav"])
        #expect(SessionID(rawValue: "nav").description == "nav")
    }

    /// The daemon's owner is distinct from every connection and says so.
    @Test func daemonOwnerIsReserved() {
        #expect(OwnerID.daemon != OwnerID(0))
        #expect(OwnerID.daemon.description == "daemon")
        #expect(OwnerID(7).description == "connection 7")
    }
}
