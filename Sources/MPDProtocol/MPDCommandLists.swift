/// What a connection does with each line it reads: MPD's command lists
/// (`command_list_begin` / `command_list_ok_begin` … `command_list_end`) gather commands,
/// run together when the list ends; anything else runs at once.
///
/// A list runs its commands in order and stops at the first that fails, whose ACK names its
/// index; with `command_list_ok_begin`, each command's reply ends in `list_OK`. As in MPD, a
/// `command_list_begin` inside a list is one more command of it (an unknown one when it
/// runs), and a `command_list_end` outside one is an unknown command. The whole
/// reply ends in one `OK`. A list holds at most ``maximumCommands`` commands and
/// ``maximumBytes`` bytes (MPD's `max_command_list_size`, 2 MiB); past either, the list is
/// refused and dropped.
public struct MPDCommandLists: Sendable {
    /// The most commands one list holds.
    public static let maximumCommands = 10_000
    /// The most bytes of command lines one list holds.
    public static let maximumBytes = 2 << 20

    /// What to do after a line.
    public enum Step: Equatable, Sendable {
        /// Nothing yet: the line joined a list.
        case gathered
        /// Run these commands, in order; `separated`: each reply ends in `list_OK`.
        case run([MPDRequest], separated: Bool)
        /// Reply with this error (the line, or the list it ended, is dropped).
        case refuse(MPDAck)
    }

    private var list: (commands: [MPDRequest], separated: Bool, bytes: Int)?

    /// No list open.
    public init() {}

    /// Whether a list is open.
    public var isGathering: Bool { list != nil }

    /// Takes one line (without its newline).
    public mutating func take(_ line: some Collection<UInt8>) -> Step {
        let request: MPDRequest
        do throws(MPDAck) {
            request = try MPDRequest.parse(line)
        } catch {
            guard let open = list else { return .refuse(error) }
            list = nil
            var failed = error
            failed.index = open.commands.count
            return .refuse(failed)
        }
        switch request.name {
        case "command_list_begin" where list == nil, "command_list_ok_begin" where list == nil:
            guard request.arguments.isEmpty else { return .refuse(MPDAck(.argument, command: request.name, "Too many arguments")) }
            list = ([], request.name == "command_list_ok_begin", 0)
            return .gathered
        case "command_list_end":
            guard let open = list else { return .refuse(MPDAck(.unknown, command: "", "unknown command \"command_list_end\"")) }
            list = nil
            return .run(open.commands, separated: open.separated)
        default:
            guard var open = list else { return .run([request], separated: false) }
            open.commands.append(request)
            open.bytes += line.count + 1
            guard open.commands.count <= Self.maximumCommands, open.bytes <= Self.maximumBytes else {
                list = nil
                return .refuse(MPDAck(.unknown, command: request.name, "Command list size exceeds the maximum"))
            }
            list = open
            return .gathered
        }
    }
}
