public import Foundation
import SinkMonitor
import Synchronization

/// Records what a listener at a sink hears (a ``MonitorCapture`` of its monitor): mono float
/// samples at 44.1 kHz, each block stamped with the time it arrived.
///
/// Timestamps are arrival times (capture latency ~20 ms): compare them with the time
/// an action was taken, with a margin, never sample-exactly.
public final class MonitorRecorder: @unchecked Sendable {
    /// Samples per second of the recording.
    public static let sampleRate = MonitorCapture.sampleRate

    fileprivate struct Block {
        var arrival: Date
        var samples: [Float]
    }

    private let capture: MonitorCapture
    private let blocks = BlockStore()
    private let reader: Thread

    /// Starts recording the monitor of `sink` on `server`, and waits until samples flow.
    /// - Throws: when the monitor cannot be opened, or sends nothing within 5 s (a recorder
    ///   that hears nothing would fail a test as if the sound were missing).
    public init(server: String, sink: String) throws {
        let capture = try MonitorCapture(sink: sink, server: server)
        self.capture = capture
        let blocks = self.blocks
        reader = Thread {
            while let samples = try? capture.nextSamples(timeout: nil) {
                let block = Block(arrival: Date(), samples: samples)
                blocks.list.withLock { $0.append(block) }
            }
        }
        reader.start()
        for _ in 0..<250 where blocks.list.withLock({ $0.isEmpty }) { Thread.sleep(forTimeInterval: 0.02) }
        guard !blocks.list.withLock({ $0.isEmpty }) else {
            capture.stop()
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the monitor of \(sink) sent no samples within 5 s"])
        }
    }

    /// The samples that arrived between `start` and `end`.
    public func samples(from start: Date, to end: Date) -> [Float] {
        blocks.list.withLock { blocks in
            blocks.filter { $0.arrival >= start && $0.arrival < end }.flatMap(\.samples)
        }
    }

    /// The next `duration` seconds of samples from now (waits for them).
    ///
    /// Counted in samples, not by arrival time: when the reading thread is held up (a loaded
    /// machine), the blocks it owes arrive late and are still part of the window, so a late
    /// window is never mistaken for silence. Gives up a second after the window should have
    /// ended, with what arrived (fewer samples only when the monitor itself stopped).
    public func listen(for duration: Double) -> [Float] {
        let wanted = Int(duration * Self.sampleRate)
        let firstBlock = blocks.list.withLock { $0.count }
        let deadline = Date().addingTimeInterval(duration + 1)
        Thread.sleep(forTimeInterval: duration)
        var heard: [Float] = []
        repeat {
            heard = blocks.list.withLock { $0[firstBlock...].flatMap(\.samples) }
            if heard.count >= wanted { break }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return Array(heard.prefix(wanted))
    }

    /// The last `duration` seconds of samples recorded so far (fewer when less arrived).
    public func latest(_ duration: Double) -> [Float] {
        let wanted = Int(duration * Self.sampleRate)
        var tail: [Float] = []
        blocks.list.withLock { blocks in
            for block in blocks.reversed() where tail.count < wanted { tail = block.samples + tail }
        }
        return Array(tail.suffix(wanted))
    }

    /// Waits up to `seconds` until the last 0.1 s recorded satisfy `condition` (polling
    /// every 20 ms): for a test to listen once the sound it expects has reached the sink,
    /// however long the stream took to start.
    /// - Returns: whether the sound came in time.
    public func waitUntilHeard(within seconds: Double = 5, _ condition: ([Float]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(latest(0.1)) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(latest(0.1))
    }

    /// Waits up to `seconds` until the last 0.1 s recorded hold `frequency` louder than
    /// `level` dBFS, or any sound that loud when `frequency` is `nil`.
    /// - Returns: whether the sound came in time.
    public func waitUntilHeard(_ frequency: Double? = nil, above level: Double, within seconds: Double = 5) -> Bool {
        waitUntilHeard(within: seconds) { samples in
            let heard = frequency.map { SignalAnalysis.level(samples, at: $0) } ?? SignalAnalysis.level(samples)
            return heard > level
        }
    }

    /// The samples recorded between `start` and `end`, timed by the sample clock, and the
    /// time of the first of them.
    ///
    /// Each sample's time is counted from the recording's first sample, which is placed by
    /// the block that arrived with the least delay: exact to a sample where arrival times
    /// jitter with the capture's scheduling. Use it to time a change in what is heard.
    public func clockedSamples(from start: Date, to end: Date) -> (start: Date, samples: [Float]) {
        let recorded = blocks.list.withLock { $0 }
        var count = 0
        var origin = Date.distantFuture
        for block in recorded {
            count += block.samples.count
            origin = min(origin, block.arrival.addingTimeInterval(-Double(count) / Self.sampleRate))
        }
        let all = recorded.flatMap(\.samples)
        let first = max(0, min(all.count, Int((start.timeIntervalSince(origin) * Self.sampleRate).rounded(.up))))
        let last = max(first, min(all.count, Int((end.timeIntervalSince(origin) * Self.sampleRate).rounded(.down))))
        return (origin.addingTimeInterval(Double(first) / Self.sampleRate), Array(all[first..<last]))
    }

    /// Consecutive windows of `window` seconds between `start` and `end`, with their
    /// arrival time.
    public func windows(from start: Date, to end: Date, window: Double) -> [(time: Date, samples: [Float])] {
        let chosen = blocks.list.withLock { $0.filter { $0.arrival >= start && $0.arrival < end } }
        var result: [(Date, [Float])] = []
        var current: [Float] = []
        var currentStart = chosen.first?.arrival ?? start
        let size = Int(window * Self.sampleRate)
        for block in chosen {
            if current.isEmpty { currentStart = block.arrival }
            current += block.samples
            while current.count >= size {
                result.append((currentStart, Array(current.prefix(size))))
                current.removeFirst(size)
                currentStart = block.arrival
            }
        }
        return result
    }

    /// Stops recording.
    public func stop() {
        capture.stop()
    }

    deinit { stop() }
}

/// The recorded blocks, shared by the reader thread and the recorder.
private final class BlockStore: Sendable {
    let list = Mutex<[MonitorRecorder.Block]>([])
}
