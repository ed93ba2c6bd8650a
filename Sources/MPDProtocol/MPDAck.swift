/// An MPD protocol error as a client reads it: `ACK [CODE@INDEX] {COMMAND} MESSAGE`.
public struct MPDAck: Error, Equatable, Sendable {
    /// MPD's error codes (`enum ack` of its protocol).
    public enum Code: Int, Sendable {
        case notList = 1
        case argument = 2
        case password = 3
        case permission = 4
        case unknown = 5
        case noExist = 50
        case playlistMax = 51
        case system = 52
        case playlistLoad = 53
        case updateAlready = 54
        case playerSync = 55
        case exist = 56
    }

    public var code: Code
    /// The position of the failing command in its command list (0 outside one).
    public var index: Int
    /// The failing command's name, `""` when there was none.
    public var command: String
    public var message: String

    /// An error of `code` for `command`.
    public init(_ code: Code, index: Int = 0, command: String, _ message: String) {
        self.code = code
        self.index = index
        self.command = command
        self.message = message
    }

    /// The reply line, with its newline; a message's own line breaks become spaces, so the
    /// reply stays one line.
    public var line: String {
        "ACK [\(code.rawValue)@\(index)] {\(command)} \(oneLine(message))\n"
    }
}

/// `text` with each line break (`\n`, `\r`, and so each half of `\r\n`) a space: one line,
/// read byte by byte, as a client splits replies.
func oneLine(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
}
