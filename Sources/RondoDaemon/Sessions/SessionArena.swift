/// Where a session lives: the daemon's real arbiter, or a sandbox opened for a scenario.
enum SessionArena: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The real arbiter, which the daemon's player belongs to.
    case live
    /// An isolated arbiter by its name.
    case sandbox(String)

    /// The sandbox's name, `nil` for the live arena.
    var sandbox: String? {
        if case .sandbox(let name) = self { name } else { nil }
    }

    var description: String { sandbox ?? "live" }
}
