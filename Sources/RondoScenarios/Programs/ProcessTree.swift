#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The processes a spawned program started, read from `/proc`: a shell pipeline's players
/// are its children, and their streams carry their own pids, not the shell's.
enum ProcessTree {
    /// The pids of every process below `pid` (its children, theirs, …), now.
    /// - Parameter pid: the root process.
    /// - Returns: the descendants; empty when it has none or `/proc` cannot be read.
    static func descendants(of pid: Int32) -> Set<Int32> {
        var children: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let parent = parent(of: child) else { continue }
            children[parent, default: []].append(child)
        }
        var found: Set<Int32> = []
        var pending = [pid]
        while let next = pending.popLast() {
            for child in children[next, default: []] where found.insert(child).inserted { pending.append(child) }
        }
        return found
    }

    /// When `pid` started, in clock ticks after boot (`/proc/PID/stat`'s 22nd field); `nil`
    /// once it has gone. With the pid it names one process: a pid the kernel hands out again
    /// later names another, which started later.
    static func startTime(of pid: Int32) -> UInt64? {
        statFields(of: pid).flatMap { $0.count > 19 ? UInt64($0[19]) : nil }
    }

    /// The parent of `pid` from `/proc/PID/stat`, whose fourth field it is.
    private static func parent(of pid: Int32) -> Int32? {
        statFields(of: pid).flatMap { $0.count > 1 ? Int32($0[1]) : nil }
    }

    /// The fields of `/proc/PID/stat` after the command name, from the third (the state)
    /// on; the command name is in parentheses and may hold spaces and parentheses itself.
    private static func statFields(of pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}
