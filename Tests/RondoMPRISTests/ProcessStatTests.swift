import Glibc
import RondoTesting
import Testing

@testable import RondoMPRIS

/// A process's parent is read from its `/proc/PID/stat` line after the line's last `)`,
/// whatever its name holds.
struct ProcessStatTests {
    /// The parent is the second field after the last `)`, whatever the name before it holds.
    @Test(arguments: [
        ("1234 (mpv) S 1200 1234 1234 0 -1 4194560 2010", Int32(1200)),
        ("7 (a b) R 1 7 7 0 -1", 1),
        ("42 (evil) S 9 (x) S 5) S 77 42 42", 77),
        ("42 ((() S 300 1", 300),
        ("42 ()) S 12 1", 12),
        ("2 (kthreadd) S 0 0 0 0 -1 2129984", 0),
        ("99 (sleep) Z 98\n", 98),
        ("99 (Web Content) S 4321 99 99 0 -1 4194560 123 0 0 0 0 0 0 0 20 0 1 0 33 0 0\n", 4321),
    ])
    func readsTheParentAfterTheLastParenthesis(line: String, parent: Int32) {
        #expect(ProcessStat(Array(line.utf8))?.parentID == parent)
    }

    /// Lines that are not stat lines give nothing rather than a wrong parent.
    @Test(arguments: [
        "", "1234", "1234 mpv S 1200", "(mpv) S 1200", "x (mpv) S 1200", "1234 (mpv)", "1234 (mpv) S", "1234 (mpv) S x",
        "1234 (mpv) S -5", "1234 (mpv)S 1200", "1234 (mpv) SS 1200", "1234 (mpv) S 99999999999", "1234(mpv) S 1200",
        "1234 )mpv( S 1200",
    ])
    func rejectsWhatIsNotAStatLine(line: String) {
        #expect(ProcessStat(Array(line.utf8)) == nil)
    }

    /// This very process's parent is read from `/proc`, and a process that is gone gives nothing.
    @Test func readsARunningProcess() {
        #expect(ProcessStat.read(processID: getpid())?.parentID == getppid())
        #expect(ProcessStat.read(processID: Int32.max) == nil)
    }

    /// Any name a program can give itself (up to 64 bytes of anything but NUL: spaces,
    /// parentheses, newlines, invalid UTF-8) leaves the parent readable, and random bytes
    /// never crash the parser.
    @Test func anyNameLeavesTheParentReadable() {
        var rng = SplitMix64(seed: 0x5EED_57A7)
        let tricky: [UInt8] = Array(" ()\n\t)(S 1".utf8) + [0xFF, 0xC3, 0x80]
        for _ in 0..<5_000 {
            let name = (0..<Int.random(in: 0...64, using: &rng)).map { _ in
                Bool.random(using: &rng) ? tricky.randomElement(using: &rng)! : UInt8.random(in: 1...255, using: &rng)
            }
            let parent = Int32.random(in: 0...4_194_304, using: &rng)
            let line = Array("\(Int32.random(in: 2...4_194_304, using: &rng)) (".utf8) + name + Array(") S \(parent) 1 1 0 -1\n".utf8)
            #expect(ProcessStat(line)?.parentID == parent, "name \(name)")
            let noise = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = ProcessStat(noise)
        }
    }
}
