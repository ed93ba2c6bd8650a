import Playback
import PlaybackWire
import RondoProtocol

extension RPCError {
    /// The wire's domain error for the player's refusal of a command.
    init(_ error: PlayerCommandError) {
        self.init(ErrorCode(error.code), error.message)
    }

    /// Runs `command`, a call to the player in a route, its refusal worded as the wire's
    /// domain error.
    static func wording<Value>(_ command: () async throws(PlayerCommandError) -> Value) async throws(RPCError) -> Value {
        do {
            return try await command()
        } catch {
            throw RPCError(error)
        }
    }
}
