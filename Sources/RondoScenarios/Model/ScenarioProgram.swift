public import Focus

/// A real program a scenario starts with a `spawn` step (SPEC §16 "Scenarios"): its command,
/// the properties its streams carry, and the tone it plays.
///
/// The program's streams are other programs' streams to the daemon: the policy's `[[adopt]]`
/// rules make one of them a foreign session, which later steps name by ``id``.
public struct ScenarioProgram: Equatable, Sendable, CustomStringConvertible {
    /// What an argument of ``command`` writes where the program's mpv JSON IPC socket goes:
    /// `--input-ipc-server={ipc}`. Only such a program can be paused and played.
    public static let ipcPlaceholder = "{ipc}"

    /// The name later steps give the program's session by.
    public var id: String
    /// The program and its arguments; a program named without a `/` is looked up in `PATH`.
    public var command: [String]
    /// The stream properties it is started with (`media.role`, `application.name`…).
    public var properties: [String: String]
    /// The frequency in hertz of the sine tone fed to its standard input as a WAV file, if
    /// any: `--audio` listens for it at the monitor.
    public var tone: Int?

    /// A program from its parts.
    /// - Parameters:
    ///   - id: the name later steps give its session by.
    ///   - command: the program and its arguments.
    ///   - properties: the stream properties it is started with.
    ///   - tone: the frequency of the tone fed to its standard input, if any.
    public init(id: String, command: [String], properties: [String: String] = [:], tone: Int? = nil) {
        self.id = id
        self.command = command
        self.properties = properties
        self.tone = tone
    }

    /// Whether its command takes an mpv JSON IPC socket (``ipcPlaceholder``), so that
    /// `pause` and `play` can reach it.
    public var isControllable: Bool { command.contains { $0.contains(Self.ipcPlaceholder) } }

    /// Its stream as the adoption rules see it: the role, application and media name from
    /// its properties, the binary the last part of the command's program.
    public var stream: ForeignStream {
        let binary = command.first.flatMap { $0.split(separator: "/").last.map(String.init) }
        return ForeignStream(
            mediaRole: properties["media.role"], application: properties["application.name"], binary: binary,
            mediaName: properties["media.name"])
    }

    /// `call: paplay - (media.role=phone, tone 1500 Hz)`, as reports show a `spawn` step.
    public var description: String {
        let details =
            properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + (tone.map { ["tone \($0) Hz"] } ?? [])
        return "\(id): \(command.joined(separator: " "))" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }
}
