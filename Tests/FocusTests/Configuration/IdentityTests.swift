import Focus
import Foundation
import Testing

@Suite struct IdentityTests {
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

    /// Each error has its SPEC §9 code and a message that says what to do.
    @Test(arguments: [
        (FocusError.badParam("bad"), "badParam", "bad"),
        (
            .noSuchSession("x"), "noSuchSession",
            "no session \"x\" is open; open it first, or use an identity that session.list shows"
        ),
        (.sessionNotActive("x"), "sessionNotActive", "session \"x\" is not active; activate it first"),
        (.insufficientPriority("call"), "insufficientPriority", "call"),
        (.cannotInterruptOthers("alarm"), "cannotInterruptOthers", "alarm"),
        (
            .isBusy("x"), "isBusy",
            "session \"x\" was deactivated while its streams were still playing; pause or stop them before deactivating"
        ),
    ])
    func errorCodes(error: FocusError, code: String, message: String) {
        #expect(error.code == code)
        #expect(error.message == message)
        #expect(error.description == "\(code): \(message)")
    }
}
