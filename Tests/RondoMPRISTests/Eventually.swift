import Foundation

/// Polls `condition` every 20 ms for up to `seconds`, for what a player or the players'
/// thread does in its own time.
/// - Returns: whether `condition` held before the time ran out.
func eventually(within seconds: Double = 3, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return try condition()
}
