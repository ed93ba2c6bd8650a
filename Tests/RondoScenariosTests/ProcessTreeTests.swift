import Foundation
import Glibc
import Spawning
import Testing

@testable import RondoScenarios

/// What names a process for the programs a scenario ends: its pid with its start time, so a
/// pid the kernel hands to another process later is never taken for the one that went.
struct ProcessTreeTests {
    /// A running process keeps its start time; one that has gone has none. A process
    /// started later under any pid started later.
    @Test func aProcessIsNamedByItsPidAndStartTime() throws {
        let sleeper = try ChildProcess(["/bin/sleep", "30"])
        let started = try #require(ProcessTree.startTime(of: sleeper.pid))
        #expect(ProcessTree.startTime(of: sleeper.pid) == started)
        #expect(try #require(ProcessTree.startTime(of: getpid())) <= started)
        sleeper.terminate(grace: 1)
        #expect(ProcessTree.startTime(of: sleeper.pid) == nil)
    }

    /// A shell's children are its descendants while they run.
    @Test func aShellsChildrenAreItsDescendants() throws {
        let shell = try ChildProcess(["/bin/sh", "-c", "sleep 30 & sleep 30 & wait"])
        defer { shell.terminate(grace: 1) }
        var found: Set<Int32> = []
        for _ in 0..<200 where found.count < 2 {
            found = ProcessTree.descendants(of: shell.pid)
            usleep(10_000)
        }
        #expect(found.count == 2)
        for pid in found { kill(pid, SIGKILL) }
    }

    /// A child reaped elsewhere is taken as gone, never signalled again by its pid.
    @Test func aChildReapedElsewhereHasGone() throws {
        let child = try ChildProcess(["/bin/true"])
        var status: Int32 = 0
        #expect(waitpid(child.pid, &status, 0) == child.pid)
        #expect(!child.isRunning)
        #expect(child.wait() == -1)
    }
}
