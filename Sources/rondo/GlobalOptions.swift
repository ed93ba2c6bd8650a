import Glibc
import RondoClient
import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Options every subcommand takes.
struct GlobalOptions: Sendable {
    /// Print the daemon's raw JSON result instead of human output.
    var json = false

    /// The daemon's socket, when given with `--socket`.
    var socket: String?

    /// The socket path to use.
    var socketPath: String {
        // Read with getenv: ProcessInfo's first use costs about a millisecond of start-up.
        socket ?? SocketLocation.defaultPath(environment: Self.environment("RONDO_SOCKET", "XDG_RUNTIME_DIR"), uid: getuid())
    }

    /// The variables `names` that are set, read without building the whole environment.
    private static func environment(_ names: String...) -> [String: String] {
        var found: [String: String] = [:]
        for name in names { if let value = getenv(name) { found[name] = String(cString: value) } }
        return found
    }

    /// A connected client.
    func connect() throws(CLIFailure) -> RondoClient {
        do { return try RondoClient(socketPath: socketPath) } catch { throw CLIFailure(error) }
    }

    /// Calls a method on a new connection.
    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(CLIFailure) -> M.Result {
        let client = try connect()
        do { return try client.call(method, params) } catch { throw CLIFailure(error) }
    }

    /// Prints `value` as JSON.
    func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value) { print(String(decoding: data, as: UTF8.self)) }
    }

    /// Sends a remote command: prints the JSON result with `--json`; a status other than
    /// `success` is a failure (exit 1).
    func send(_ params: RemoteSendParams) throws(CLIFailure) {
        let result = try call(Methods.RemoteSend.self, params)
        if json { printJSON(result) }
        guard result.status == .success else {
            throw .domain(
                "\(params.command.rawValue): \(result.status.rawValue)" + (result.reason.map { " (\($0.rawValue))" } ?? ""))
        }
    }
}
