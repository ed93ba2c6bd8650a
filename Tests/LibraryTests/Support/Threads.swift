import Foundation

/// Runs each closure on its own thread at once and returns when all have finished.
///
/// Real threads, not tasks: the closures block in SQLite, and the cooperative pool may have
/// fewer threads than closures, which would run "concurrent" readers one after another.
func runOnThreads(_ bodies: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    for body in bodies {
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
    }
    group.wait()
}
