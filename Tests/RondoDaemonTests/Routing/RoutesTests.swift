import RondoProtocol
import RondoRouting
import RondoTesting
import Testing

@testable import RondoDaemon

/// The daemon's router against the protocol's method table.
@Suite struct RoutesTests {
    /// The router serves exactly the methods `Methods.all` lists, extensions included: a
    /// method added to the table without a binding, or bound without being in the table, fails.
    @Test func routerServesExactlyTheMethodTable() throws {
        let scratch = try ScratchDaemon()
        defer { scratch.directory.remove() }
        let served = scratch.daemon.makeRouter().methodNames
        let listed = Set(Methods.all.map { $0.name })
        #expect(listed.count == Methods.all.count, "the method table names no method twice")
        #expect(served.subtracting(listed).isEmpty, "bound but not in Methods.all: \(served.subtracting(listed).sorted())")
        #expect(listed.subtracting(served).isEmpty, "in Methods.all but not bound: \(listed.subtracting(served).sorted())")
    }
}
