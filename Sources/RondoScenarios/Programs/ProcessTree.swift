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

    /// The parent of `pid` from `/proc/PID/stat`, whose fourth field it is; the command name
    /// before it is in parentheses and may hold spaces and parentheses itself.
    private static func parent(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }
}
