/// Why a scenario file could not be loaded: `FILE:LINE: message`, or the file unreadable.
public struct ScenarioLoadError: Error, Sendable {
    /// What is wrong, with the file and line.
    public let message: String
}
