/// Why the player refused a command, whichever front end it came through; each front end
/// words it its own way (a JSON-RPC error with its domain code, an MPD `ACK`, a D-Bus error).
public struct PlayerCommandError: Error, Sendable, Equatable {
    /// The kind of refusal, one per domain error a front end tells apart.
    public enum Code: Sendable, Equatable, CaseIterable {
        /// An argument is missing, malformed or out of its range.
        case badParam
        /// What the command names does not exist.
        case notFound
        /// A queue or chapter index that does not exist.
        case indexOutOfRange
        /// No audio server answers.
        case pulseUnavailable
        /// The player's audio session may not start: a call is active.
        case insufficientPriority
        /// The policy refuses the player's audio session over what plays now.
        case cannotInterruptOthers
        /// The audio session the command needs is not open.
        case noSuchSession
        /// The audio session the command needs is not active.
        case sessionNotActive
        /// The player is busy with what the command needs.
        case isBusy
        /// The file the command plays cannot be decoded.
        case decodeFailed
        /// The address the command plays cannot be reached.
        case unreachable
    }

    /// The kind of refusal.
    public let code: Code
    /// What a person reads: what was wrong and what to do.
    public let message: String

    /// A refusal of kind `code`, told by `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
