import CLinux
import RondoTesting
import Testing

@testable import LineServing

/// The rules both sockets' connections share, without a socket: lines in order and one
/// request at a time, reading paused while too much waits, a client answered in full
/// before it is closed, and a connection that ends once, when nothing it sent is left.
@Suite struct LineConnectionStateTests {
    private static let reading = EPOLLIN.rawValue
    private static let writing = EPOLLOUT.rawValue

    private func connection(limit: Int = 4, handlesLinesAfterGoing: Bool = true) -> LineConnectionState {
        LineConnectionState(maximumLineLength: 16, waitingLimit: limit, handlesLinesAfterGoing: handlesLinesAfterGoing)
    }

    private func receive(_ text: String, into state: inout LineConnectionState) {
        Array(text.utf8).withUnsafeBytes { state.received($0) }
    }

    private func text(_ frame: Frame?) -> String? {
        guard case .line(let bytes) = frame else { return frame.map { _ in "<oversized>" } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Lines are handed over in the order read, and none while a request runs.
    @Test func linesComeInOrderAndWaitForTheRunningRequest() {
        var state = connection()
        receive("a\nb\nc", into: &state)
        #expect(state.linesWaiting == 2)
        #expect(text(state.takeNext()) == "a")
        state.started()
        #expect(!state.mayHandleNext)
        #expect(state.takeNext() == nil)
        state.finished()
        #expect(text(state.takeNext()) == "b")
        #expect(state.takeNext() == nil)
        receive("\n", into: &state)
        #expect(text(state.takeNext()) == "c")
        #expect(state.isIdle)
    }

    /// A line past the longest taken comes as one oversized frame, and the lines after it
    /// are read as usual.
    @Test func anOversizedLineIsOneFrame() {
        var state = connection()
        receive(String(repeating: "x", count: 40) + "\nok\n", into: &state)
        #expect(state.takeNext() == .oversized)
        #expect(text(state.takeNext()) == "ok")
    }

    /// Reading pauses while the waiting limit's lines wait, while too many replies wait for
    /// the client, once its input ended, and once closing; the socket is watched for room
    /// while replies wait, and for nothing once gone.
    @Test func readingPausesWhileTooMuchWaits() {
        var state = connection(limit: 2)
        #expect(state.wantedEvents(repliesWaiting: false, repliesBacklogged: false) == Self.reading)
        receive("a\nb\n", into: &state)
        #expect(state.wantedEvents(repliesWaiting: false, repliesBacklogged: false) == 0)
        _ = state.takeNext()
        #expect(state.wantedEvents(repliesWaiting: true, repliesBacklogged: false) == Self.reading | Self.writing)
        #expect(state.wantedEvents(repliesWaiting: true, repliesBacklogged: true) == Self.writing)
        state.close()
        #expect(state.wantedEvents(repliesWaiting: true, repliesBacklogged: false) == Self.writing)
        var ended = connection()
        ended.endOfInput()
        #expect(ended.wantedEvents(repliesWaiting: false, repliesBacklogged: false) == 0)
        ended.gone()
        #expect(ended.wantedEvents(repliesWaiting: true, repliesBacklogged: false) == 0)
    }

    /// A client that half-closes is answered in full: its last line without `\n` counts,
    /// and it is answered only once every line is handled and none runs.
    @Test func aHalfClosedClientIsAnsweredInFull() {
        var state = connection()
        receive("a\nb", into: &state)
        state.endOfInput()
        #expect(state.inputEnded)
        #expect(!state.isAnswered)
        #expect(text(state.takeNext()) == "a")
        state.started()
        #expect(!state.isAnswered)
        state.finished()
        #expect(text(state.takeNext()) == "b")
        #expect(state.isAnswered)
        receive("late\n", into: &state)
        #expect(state.linesWaiting == 0)
    }

    /// Once closing, no line is handed over; the client counts as answered once no request
    /// runs.
    @Test func closingHandsOverNothingMore() {
        var state = connection()
        receive("close\nnext\n", into: &state)
        _ = state.takeNext()
        state.started()
        state.close()
        #expect(!state.isAnswered)
        state.finished()
        #expect(state.isAnswered)
        #expect(state.takeNext() == nil)
    }

    /// Rondo's socket handles the lines read before the client went (their replies are
    /// lost), and the connection ends once, after the last.
    @Test func linesReadBeforeGoingAreHandledThenItEndsOnce() {
        var state = connection(handlesLinesAfterGoing: true)
        receive("a\nb\n", into: &state)
        _ = state.takeNext()
        state.started()
        state.gone()
        let ended1 = state.endIfDone()
        #expect(!ended1)
        state.finished()
        let ended2 = state.endIfDone()
        #expect(!ended2)
        #expect(text(state.takeNext()) == "b")
        let ended3 = state.endIfDone()
        #expect(ended3)
        let ended4 = state.endIfDone()
        #expect(!ended4)
        #expect(state.hasEnded)
    }

    /// MPD's socket drops them, as MPD does; the connection still ends only once the
    /// request running for it finished.
    @Test func mpdDropsTheLinesButWaitsForTheRunningCommand() {
        var state = connection(handlesLinesAfterGoing: false)
        receive("a\nb\nc\n", into: &state)
        _ = state.takeNext()
        state.started()
        state.gone()
        #expect(state.linesWaiting == 0)
        let ended5 = state.endIfDone()
        #expect(!ended5)
        state.finished()
        #expect(state.takeNext() == nil)
        let ended6 = state.endIfDone()
        #expect(ended6)
    }

    /// The loop's set changes only when what is watched does: a socket joins it, changes its
    /// events, leaves it.
    @Test func watchingChangesTheLoopsSetOnlyWhenNeeded() {
        var state = connection()
        let change7 = state.watch(0)
        #expect(change7 == .unchanged)
        let change8 = state.watch(Self.reading)
        #expect(change8 == .add(Self.reading))
        let change9 = state.watch(Self.reading)
        #expect(change9 == .unchanged)
        let change10 = state.watch(Self.reading | Self.writing)
        #expect(change10 == .modify(Self.reading | Self.writing))
        let change11 = state.watch(0)
        #expect(change11 == .remove)
        #expect(state.watching == 0)
        let change12 = state.watch(Self.writing)
        #expect(change12 == .add(Self.writing))
    }

    /// Random sequences of what a loop does: the lines handed over are the lines sent, in
    /// order, never two at once and never after closing; the connection ends at most once,
    /// and only when gone with nothing running.
    @Test(arguments: [true, false]) func randomSequencesKeepTheRules(handlesLinesAfterGoing: Bool) {
        var random = SplitMix64(seed: handlesLinesAfterGoing ? 7 : 11)
        for _ in 0..<300 {
            var state = connection(limit: 3, handlesLinesAfterGoing: handlesLinesAfterGoing)
            var sent = 0
            var handed: [String] = []
            var ends = 0
            var closedBeforeNext = false
            for _ in 0..<60 {
                switch random.next() % 8 {
                case 0, 1:
                    let taken = !state.inputEnded && !state.isGone
                    receive("l\(sent)\n", into: &state)
                    if taken { sent += 1 }
                case 2, 3:
                    let wasClosing = state.isClosing
                    let wasRunning = state.isRunning
                    if let line = text(state.takeNext()) {
                        #expect(!wasRunning && !wasClosing)
                        handed.append(line)
                        if random.next() % 2 == 0 { state.started() }
                    }
                case 4: state.finished()
                case 5: state.endOfInput()
                case 6 where random.next() % 4 == 0:
                    state.close()
                    closedBeforeNext = true
                case 7 where random.next() % 4 == 0: state.gone()
                default: break
                }
                if state.endIfDone() {
                    ends += 1
                    #expect(state.isGone && !state.isRunning)
                }
            }
            #expect(ends <= 1)
            #expect(handed == (0..<handed.count).map { "l\($0)" }, "handed \(handed)")
            if !closedBeforeNext, !state.isGone, !state.isRunning {
                while state.takeNext() != nil {}
                #expect(state.isIdle)
            }
        }
    }
}
