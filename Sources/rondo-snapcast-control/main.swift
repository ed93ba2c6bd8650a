import Foundation
import Glibc
import RondoClient
import RondoProtocol

// rondo-snapcast-control: the Snapcast stream plug-in of Rondo's source (snapserver's
// `controlscript=`). snapserver starts it and speaks JSON-RPC with it over its standard
// input and output; it speaks to rondod over rondod's socket (`RONDO_SOCKET`, else the
// default). Snapcast's clients then see Rondo's now playing (`Plugin.Stream.Player.Properties`
// on every change) and drive it (`Plugin.Stream.Player.Control`, `SetProperty`), every call
// through the command center and the arbiter like any other remote.

/// Writes JSON-RPC lines to snapserver, one at a time from either thread.
final class Plug: @unchecked Sendable {
    private let lock = NSLock()

    func send(_ message: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]) else { return }
        lock.withLock {
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
    }

    func notify(_ method: String, _ params: [String: Any]? = nil) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        send(message)
    }

    func log(_ message: String, severity: String = "Info") {
        notify("Plugin.Stream.Log", ["severity": severity, "message": message])
    }
}

/// A connection to rondod for calls, made again when it breaks.
final class Rondo: @unchecked Sendable {
    let socketPath: String
    private let lock = NSLock()
    private var client: RondoClient?

    init(socketPath: String) { self.socketPath = socketPath }

    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(ClientError) -> M.Result {
        lock.lock()
        defer { lock.unlock() }
        do throws(ClientError) {
            let connected: RondoClient
            if let client {
                connected = client
            } else {
                connected = try RondoClient(socketPath: socketPath)
            }
            client = connected
            return try connected.call(method, params)
        } catch {
            if case .rpc = error {} else { client = nil }
            throw error
        }
    }

    /// Rondo's now playing as Snapcast properties.
    func properties() throws(ClientError) -> [String: Any] {
        SnapcastProperties.of(try call(Methods.NowPlayingGet.self, Empty()), queue: try call(Methods.QueueGet.self, QueueGetParams(limit: 0)))
    }

    func send(_ params: RemoteSendParams) throws(ClientError) {
        _ = try call(Methods.RemoteSend.self, params)
    }
}

let environment = ProcessInfo.processInfo.environment
let socketPath = environment["RONDO_SOCKET"] ?? SocketLocation.defaultPath(environment: environment, uid: getuid())
let plug = Plug()
let rondo = Rondo(socketPath: socketPath)

/// One subscription to rondod's events: tells snapserver the properties, then again after
/// each change, until the connection breaks.
///
/// A function of its own: written inline in the thread's closure, the same loop kept the
/// release build's optimizer busy for over half an hour.
func followEvents() throws(ClientError) {
    let events = try RondoClient(socketPath: socketPath)
    _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.nowPlaying, .queue, .remote]))
    plug.notify("Plugin.Stream.Player.Properties", try rondo.properties())
    while try events.nextEvent(timeout: nil) != nil {
        plug.notify("Plugin.Stream.Player.Properties", try rondo.properties())
    }
}

/// Follows rondod's events, connecting again (every second) while rondod is away.
let follower = Thread {
    while true {
        do {
            try followEvents()
        } catch {
            Thread.sleep(forTimeInterval: 1)
        }
    }
}
follower.start()
plug.notify("Plugin.Stream.Ready")

/// Carries out one request of snapserver's; returns its result.
func handle(_ method: String, _ params: [String: Any]) throws -> Any {
    switch method {
    case "Plugin.Stream.Player.GetProperties":
        return try rondo.properties()
    case "Plugin.Stream.Player.Control":
        let arguments = params["params"] as? [String: Any] ?? [:]
        switch params["command"] as? String ?? "" {
        case "play": try rondo.send(RemoteSendParams(command: .play))
        case "pause": try rondo.send(RemoteSendParams(command: .pause))
        case "playPause": try rondo.send(RemoteSendParams(command: .togglePlayPause))
        case "stop": try rondo.send(RemoteSendParams(command: .stop))
        case "next": try rondo.send(RemoteSendParams(command: .nextTrack))
        case "previous": try rondo.send(RemoteSendParams(command: .previousTrack))
        case "setPosition":
            let position = (arguments["position"] as? NSNumber)?.doubleValue ?? 0
            try rondo.send(RemoteSendParams(command: .changePlaybackPosition, positionTime: max(0, position)))
        case "seek":
            let offset = (arguments["offset"] as? NSNumber)?.doubleValue ?? 0
            let elapsed = try rondo.call(Methods.NowPlayingGet.self, Empty()).info.elapsedPlaybackTime ?? 0
            try rondo.send(RemoteSendParams(command: .changePlaybackPosition, positionTime: max(0, elapsed + offset)))
        case let command:
            throw ClientError.rpc(RPCError(.badParam, "unknown control command \(command)"))
        }
        return "ok"
    case "Plugin.Stream.Player.SetProperty":
        if let shuffle = params["shuffle"] as? Bool {
            try rondo.send(RemoteSendParams(command: .changeShuffleMode, shuffleType: shuffle ? .items : .off))
        }
        if let loop = params["loopStatus"] as? String {
            let mode: RepeatTypeName = loop == "track" ? .one : loop == "playlist" ? .all : .off
            try rondo.send(RemoteSendParams(command: .changeRepeatMode, repeatType: mode))
        }
        if let volume = (params["volume"] as? NSNumber)?.doubleValue {
            _ = try rondo.call(Methods.PlayerSetVolume.self, PlayerSetVolumeParams(volume: min(max(volume / 100, 0), 1)))
        }
        if let rate = (params["rate"] as? NSNumber)?.doubleValue {
            try rondo.send(RemoteSendParams(command: .changePlaybackRate, playbackRate: rate))
        }
        return "ok"
    default:
        throw ClientError.rpc(RPCError(.badParam, "method not found: \(method)"))
    }
}

while let line = readLine(strippingNewline: true) {
    guard let data = line.data(using: .utf8), let request = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let method = request["method"] as? String
    else {
        plug.log("unreadable request: \(line.prefix(200))", severity: "Warning")
        continue
    }
    let id = request["id"] ?? NSNull()
    do {
        let result = try handle(method, request["params"] as? [String: Any] ?? [:])
        plug.send(["jsonrpc": "2.0", "id": id, "result": result])
    } catch {
        plug.send(["jsonrpc": "2.0", "id": id, "error": ["code": -32603, "message": "\(error)"]])
    }
}
