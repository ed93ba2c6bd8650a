import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Extreme numbers in any numeric parameter never kill or hang the daemon: each request is
/// answered with a result (clamped where SPEC clamps) or a `badParam`/invalid-params error,
/// and the daemon answers afterwards.
@Suite
struct ArithmeticExtremesTests {
    /// The numbers tried in every numeric parameter, as JSON text.
    static let extremes = [
        "0", "-1", "1", "0.5", "-9223372036854775808", "9223372036854775807", "9223372036854774784",
        "9007199254740992", "1e19", "-1e19", "1e308", "-1e308", "1e-320", "\"12\"",
    ]

    /// Every numeric parameter, as a method and a params template in which `N` is replaced.
    static let parameters = [
        ("queue.get", #"{"offset":N}"#), ("queue.get", #"{"limit":N}"#), ("queue.get", #"{"offset":1100,"limit":N}"#),
        ("queue.get", #"{"offset":N,"limit":N}"#), ("queue.remove", #"{"index":N}"#), ("queue.move", #"{"from":N,"to":0}"#),
        ("queue.move", #"{"from":0,"to":N}"#), ("queue.playIndex", #"{"index":N}"#),
        ("queue.append", #"{"items":[],"startIndex":N}"#),
        ("library.children", #"{"indexPath":[N]}"#), ("library.children", #"{"indexPath":[0],"offset":N}"#),
        ("library.children", #"{"indexPath":[0],"limit":N}"#), ("library.children", #"{"indexPath":[0,0],"offset":N,"limit":N}"#),
        ("library.item", #"{"indexPath":[0,N]}"#), ("library.count", #"{"indexPath":[N]}"#),
        ("library.play", #"{"indexPath":[0,0,N]}"#), ("library.search", #"{"query":"a","limit":N}"#),
        ("context.set", #"{"enforced":true,"itemLimit":N,"depthLimit":5}"#),
        ("context.set", #"{"enforced":true,"itemLimit":12,"depthLimit":N}"#),
        ("remote.send", #"{"command":"changePlaybackPosition","positionTime":N}"#),
        ("remote.send", #"{"command":"skipForward","interval":N}"#),
        ("remote.send", #"{"command":"skipBackward","interval":N}"#),
        ("remote.send", #"{"command":"changePlaybackRate","playbackRate":N}"#),
        ("library.children", #"{"indexPath":[0],"offset":N,"limit":N}"#),
        ("sandbox.wait", #"{"sandbox":"@SB@","seconds":N}"#),
        ("queue.set", #"{"items":[],"startIndex":N}"#),
    ]

    /// With 1,100 items queued, the reported crash (`queue.get` offset 1100, limit near
    /// Int.max) and every extreme in every numeric parameter get a well-formed answer.
    @Test func extremeNumbersAreAnsweredNeverFatal() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let track = Fixtures.path("short-a.mp3")
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: Array(repeating: track, count: 1_100)))
        let socket = try RawSocket(path: daemon.socketPath)
        let crash = try socket.call("queue.get", id: 1, params: #"{"offset":1100,"limit":9223372036854774784}"#)
        #expect(crash["result"]?["items"] == .array([]))
        let sandbox = try socket.call("sandbox.open", id: 2, params: #"{"policy":"default"}"#)
        let sandboxName = try #require(sandbox["result"]?["sandbox"]?.text)
        var id = 3
        for (method, template) in Self.parameters {
            for value in Self.extremes {
                let params = template.replacingOccurrences(of: "N", with: value)
                    .replacingOccurrences(of: "@SB@", with: sandboxName)
                let reply = try socket.call(method, id: id, params: params)
                let code = reply["error"]?["code"]?.numeric
                #expect(reply["id"] == .number(Double(id)), "\(method) \(params)")
                #expect(
                    reply["result"] != nil || code == -32602 || code.map { (-32099)...(-32000) ~= Int($0) } == true,
                    "\(method) \(params): \(reply)")
                id += 1
            }
        }
        #expect(daemon.isRunning)
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).pid == Int(daemon.pid))
        #expect(!daemon.log.contains("Fatal error"))
    }
}
