import Glibc
import Testing

@testable import RondoMPRIS

/// A stream's process and its ancestors are searched nearest first, up to but not
/// including init, and a broken or looping parent table ends the walk.
struct ProcessAncestryTests {
    /// Each process's parent, as `/proc` would give it.
    private static func table(_ parents: [Int32: Int32]) -> (Int32) -> Int32? { { parents[$0] } }

    /// The chain goes from the process up through its ancestors and leaves init out.
    @Test func walksUpToInit() {
        let chain = ProcessAncestry.chain(from: 500, parent: Self.table([500: 400, 400: 300, 300: 1]))
        #expect(chain == [500, 400, 300])
    }

    /// A parent that is gone or unreadable ends the chain with the last process read.
    @Test func stopsAtAParentThatCannotBeRead() {
        #expect(ProcessAncestry.chain(from: 500, parent: Self.table([500: 400])) == [500, 400])
    }

    /// A parent outside the pid namespace (0) ends the chain.
    @Test func stopsAtAParentOutsideThePidNamespace() {
        #expect(ProcessAncestry.chain(from: 500, parent: Self.table([500: 0])) == [500])
    }

    /// A parent table that loops ends the chain before any process comes twice.
    @Test func stopsAtALoop() {
        #expect(ProcessAncestry.chain(from: 5, parent: Self.table([5: 6, 6: 7, 7: 5])) == [5, 6, 7])
        #expect(ProcessAncestry.chain(from: 5, parent: Self.table([5: 5])) == [5])
    }

    /// An endless line of parents ends after the longest chain.
    @Test func stopsAfterTheLongestChain() {
        let chain = ProcessAncestry.chain(from: 10_000) { $0 - 1 }
        #expect(chain.count == ProcessAncestry.longest)
        #expect(chain.first == 10_000)
    }

    /// Init and ids that are no process's have no chain.
    @Test(arguments: [Int32(1), 0, -1, -500])
    func initAndInvalidIDsHaveNoChain(processID: Int32) {
        #expect(ProcessAncestry.chain(from: processID) { _ in 2 } == [])
    }

    /// The running process's chain starts with it and goes through its parent.
    @Test func readsTheRunningProcessesChain() {
        let chain = ProcessAncestry.chain(from: getpid())
        #expect(chain.first == getpid())
        if getppid() > 1 { #expect(chain.dropFirst().first == getppid()) }
    }
}
