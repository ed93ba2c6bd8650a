import Playback
import RondoProtocol

extension ErrorCode {
    /// The domain error code of the player's refusal of a command.
    init(_ code: PlayerCommandError.Code) {
        switch code {
        case .badParam: self = .badParam
        case .notFound: self = .notFound
        case .indexOutOfRange: self = .indexOutOfRange
        case .pulseUnavailable: self = .pulseUnavailable
        case .insufficientPriority: self = .insufficientPriority
        case .cannotInterruptOthers: self = .cannotInterruptOthers
        case .noSuchSession: self = .noSuchSession
        case .sessionNotActive: self = .sessionNotActive
        case .isBusy: self = .isBusy
        case .decodeFailed: self = .decodeFailed
        case .unreachable: self = .unreachable
        }
    }
}

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
