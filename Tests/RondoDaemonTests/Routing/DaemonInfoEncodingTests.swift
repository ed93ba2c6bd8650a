import RondoProtocol
import Testing

@testable import RondoDaemon

/// `daemon.info` is answered from a template, byte for byte as a full encoding, and a
/// change to any other field than the uptime is seen at once.
struct DaemonInfoEncodingTests {
    private let codec = JSONRPCCodec()

    private func info(uptime: Double, connected: Bool = false, view: String? = nil) -> DaemonInfo {
        DaemonInfo(
            version: "0.1.0", pid: 4242, uptime: uptime, socket: "/run/user/1000/rondo/rondo.sock",
            database: "/home/a \"b\"/.local/share/rondo/library.sqlite", musicDirectory: "/home/a/Music", policy: "default",
            output: "pulse", pulse: .init(server: nil, connected: connected), damagedDatabase: nil,
            view: view.map(DaemonInfo.View.init(address:)))
    }

    @Test func everyAnswerIsTheFullEncoding() throws {
        let encoding = DaemonInfoEncoding()
        let answers = [
            info(uptime: 0), info(uptime: 0.125), info(uptime: 3), info(uptime: 86_400.000_001),
            info(uptime: 12, connected: true), info(uptime: 13, connected: true), info(uptime: 14, connected: true, view: "127.0.0.1:8080"),
            info(uptime: 15),
        ]
        for answer in answers {
            #expect(try encoding.encoded(answer) == (try codec.encodeResult(answer)), "\(answer)")
        }
    }
}
