import Glibc

/// What Rondo reads of a process's `/proc/PID/stat` line: its parent's process id.
///
/// The line is `PID (COMM) STATE PPID …`, where COMM is the program's name as the program
/// set it: it may hold spaces, parentheses and any other byte, so the fields are read after
/// the line's *last* `)`.
struct ProcessStat: Equatable {
    /// The parent's process id (0 for a process whose parent is outside its pid namespace).
    let parentID: Int32

    /// Parses a stat line; `nil` when it is not one.
    init?(_ line: some Collection<UInt8>) {
        let bytes = Array(line)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")), open > 1,
            let close = bytes.lastIndex(of: UInt8(ascii: ")")), close > open,
            bytes[..<(open - 1)].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            bytes[open - 1] == UInt8(ascii: " ")
        else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count >= 3, fields[0].isEmpty, fields[1].count == 1,
            let parentID = Int32(String(decoding: fields[2].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)),
            parentID >= 0
        else { return nil }
        self.parentID = parentID
    }

    /// The stat of the running process `processID`; `nil` when it is gone (or unreadable).
    static func read(processID: Int32) -> ProcessStat? {
        let descriptor = open("/proc/\(processID)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // The line is at most a few hundred bytes; COMM is at most 64.
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return ProcessStat(buffer[..<count])
    }
}
