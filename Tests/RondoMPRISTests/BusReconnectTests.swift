import Testing

@testable import RondoMPRIS

/// The session bus is tried at once, then at 0.1, 0.2, 0.4, 0.8 and 1 s gaps: a restarted
/// bus is found again within a second, without a busy loop.
struct BusReconnectTests {
    @Test func attemptsBackOffToOneSecond() {
        var reconnect = BusReconnect()
        #expect(reconnect.attemptDue(at: 0))
        var now = 0.0
        var gaps: [Double] = []
        for _ in 0..<6 {
            reconnect.failed(at: now)
            let next = reconnect.nextAttemptAt!
            #expect(!reconnect.attemptDue(at: next - 0.001))
            gaps.append(((next - now) * 1000).rounded())
            now = next
        }
        #expect(gaps == [100, 200, 400, 800, 1000, 1000])
    }

    @Test func aConnectionEndsTheAttemptsAndALossStartsThemQuickly() {
        var reconnect = BusReconnect()
        reconnect.failed(at: 0)
        reconnect.failed(at: 1)
        reconnect.succeeded()
        #expect(!reconnect.attemptDue(at: 100))
        reconnect.failed(at: 100)
        #expect(reconnect.nextAttemptAt == 100.1)
    }

    /// With a longer longest delay (a watched socket) the gaps grow to it; the socket's
    /// appearance makes an attempt due at once and starts the back-off again.
    @Test func aWatchedSocketWaitsLongerAndItsAppearanceRetriesAtOnce() {
        var reconnect = BusReconnect()
        reconnect.longestDelay = 30
        var now = 0.0
        var gaps: [Double] = []
        for _ in 0..<10 {
            reconnect.failed(at: now)
            gaps.append(((reconnect.nextAttemptAt! - now) * 10).rounded() / 10)
            now = reconnect.nextAttemptAt!
        }
        #expect(gaps == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 6.4, 12.8, 25.6, 30])
        reconnect.retryNow()
        #expect(reconnect.attemptDue(at: now))
        reconnect.failed(at: now)
        #expect(reconnect.nextAttemptAt == now + 0.1)
    }

    /// Given up (no bus can be named), no attempt is ever due.
    @Test func givenUpNothingIsDue() {
        var reconnect = BusReconnect()
        reconnect.failed(at: 0)
        reconnect.giveUp()
        #expect(reconnect.nextAttemptAt == nil)
        #expect(!reconnect.attemptDue(at: 1_000_000))
    }
}
