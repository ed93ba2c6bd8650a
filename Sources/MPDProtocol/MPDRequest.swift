/// One command line of the MPD protocol as a client sends it: a command name and its
/// arguments, read as MPD 0.23 reads them (its `Tokenizer`), so a client sees the same
/// refusals from Rondo as from MPD.
///
/// The name is an ASCII letter then letters, digits or `_`. An argument is either a run of
/// characters above the space other than `"` and `'`, or a `"`-quoted string in which `\`
/// takes the next character as it is; a quoted argument ends at a space, a tab or the line's
/// end. Words are separated by spaces and tabs.
public struct MPDRequest: Equatable, Sendable {
    /// The most arguments one command takes (MPD's `COMMAND_ARGV_MAX`).
    public static let maximumArguments = 4096
    private static let tooManyArguments = "Too many arguments"

    /// The command's name as sent (MPD's names are lower case; a name is not folded).
    public var name: String
    public var arguments: [String]

    /// A request of `name` with `arguments`.
    public init(name: String, arguments: [String] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// The request `line` (without its newline) holds.
    /// - Throws: ``MPDAck`` with MPD's code and message, naming no command (`{}`): MPD
    ///   names the command only once its line is read. `unknown` for a line without a
    ///   command, with a bad name or a bad argument; `argument` for too many arguments.
    public static func parse(_ line: some Collection<UInt8>) throws(MPDAck) -> MPDRequest {
        var reader = Reader(Array(line))
        reader.skipSpace()
        guard !reader.atEnd else { throw MPDAck(.unknown, command: "", "No command given") }
        let name: String
        do throws(Reader.Failure) {
            name = try reader.word()
        } catch {
            throw MPDAck(.unknown, command: "", error.message)
        }
        var arguments: [String] = []
        do throws(Reader.Failure) {
            while true {
                reader.skipSpace()
                if reader.atEnd { break }
                guard arguments.count < maximumArguments else { throw Reader.Failure(message: tooManyArguments) }
                arguments.append(try reader.argument())
            }
        } catch {
            throw MPDAck(error.message == tooManyArguments ? .argument : .unknown, command: "", error.message)
        }
        return MPDRequest(name: name, arguments: arguments)
    }

    /// Reads the words of one line.
    private struct Reader {
        struct Failure: Error {
            var message: String
        }

        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func skipSpace() {
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        }

        /// A command name: a letter, then letters, digits and `_`, up to a space or the end.
        mutating func word() throws(Failure) -> String {
            guard Self.isLetter(bytes[position]) else { throw Failure(message: "Letter expected") }
            let start = position
            while position < bytes.count, bytes[position] != 0x20, bytes[position] != 0x09 {
                guard Self.isLetter(bytes[position]) || Self.isDigit(bytes[position]) || bytes[position] == 0x5F else {
                    throw Failure(message: "Invalid word character")
                }
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// An argument, quoted or not.
        mutating func argument() throws(Failure) -> String {
            bytes[position] == 0x22 ? try quoted() : try unquoted()
        }

        private mutating func unquoted() throws(Failure) -> String {
            let start = position
            while position < bytes.count, bytes[position] != 0x20, bytes[position] != 0x09 {
                let byte = bytes[position]
                guard byte > 0x20, byte != 0x22, byte != 0x27 else { throw Failure(message: "Invalid unquoted character") }
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private mutating func quoted() throws(Failure) -> String {
            position += 1
            var value: [UInt8] = []
            while true {
                guard position < bytes.count else { throw Failure(message: "Missing closing '\"'") }
                let byte = bytes[position]
                position += 1
                if byte == 0x22 { break }
                if byte == 0x5C {
                    guard position < bytes.count else { throw Failure(message: "Missing closing '\"'") }
                    value.append(bytes[position])
                    position += 1
                } else {
                    value.append(byte)
                }
            }
            guard atEnd || bytes[position] == 0x20 || bytes[position] == 0x09 else {
                throw Failure(message: "Space expected after closing '\"'")
            }
            return String(decoding: value, as: UTF8.self)
        }

        private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    }
}

/// An argument as a client must send it: bare when MPD's tokenizer reads it so, else quoted
/// with `"` and `\` escaped.
public func mpdQuoted(_ argument: String) -> String {
    let bytes = Array(argument.utf8)
    if !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 != 0x22 && $0 != 0x27 && $0 != 0x5C }) { return argument }
    var quoted = "\""
    for character in argument {
        if character == "\"" || character == "\\" { quoted.append("\\") }
        quoted.append(character)
    }
    return quoted + "\""
}
