import Foundation

/// A decoder whose bytes come over the network, decoded ahead on a thread of its own
/// (`rondo-prefetch`) into a bounded buffer of samples. The engine reads it under its lock,
/// so it must never wait for the network: ``read(into:)`` hands out what is decoded and
/// ``waitsForInput`` says when nothing is yet; a seek is asked for and done on the thread.
///
/// What the source learns besides the bytes (a station's song title) is kept with the
/// sample it arrived at and handed out by ``takeMetadata()`` once the engine has read
/// that far, so it can be announced when the listener hears it.
///
/// Ownership: the wrapped decoder and its source are used only by the prefetch thread
/// (and by the opener before the thread starts), but for the source's
/// ``ByteSource/close()`` when this decoder goes, which ends a read waiting there. The
/// samples and requests are the ``Prefetch``'s, under its lock. The thread ends when this
/// decoder goes.
final class PrefetchingDecoder: AudioDecoder {
    let format: AudioFormat
    let frameCount: Int?
    /// Whether the source is a live stream (``ByteSource/isLiveStream``).
    let isLiveStream: Bool
    /// Seconds of sound decoded ahead at most.
    static let aheadSeconds = 1.0

    private let prefetch: Prefetch
    private let source: any ByteSource

    /// Opens a decoder on `source` with `open` and starts decoding it ahead. What the source
    /// says while the decoder opens is kept for the first samples.
    /// - Throws: what `open` throws.
    static func open(
        _ source: any ByteSource, decoder open: (any ByteSource) throws(AudioError) -> any AudioDecoder
    ) throws(AudioError) -> PrefetchingDecoder {
        let inbox = MetadataInbox()
        source.onMetadata = { [weak inbox] metadata in inbox?.add(metadata) }
        return PrefetchingDecoder(try open(source), reading: source, inbox: inbox)
    }

    private init(_ decoder: any AudioDecoder, reading source: any ByteSource, inbox: MetadataInbox) {
        format = decoder.format
        isLiveStream = source.isLiveStream
        frameCount = isLiveStream ? nil : decoder.frameCount
        self.source = source
        let capacity = Int(Self.aheadSeconds * Double(format.sampleRate)) * format.channels
        let prefetch = Prefetch(decoder, inbox: inbox, capacity: capacity)
        self.prefetch = prefetch
        let thread = Thread { prefetch.run() }
        thread.name = "rondo-prefetch"
        thread.start()
    }

    deinit {
        prefetch.stop()
        source.close()
    }

    /// Whether nothing is decoded yet though more is to come: the network is slower than
    /// the listener, or a seek is under way.
    var waitsForInput: Bool { prefetch.waits }

    /// Hands out decoded samples, never waiting: 0 at the end, and also while
    /// ``waitsForInput`` (which the engine asks first).
    /// - Throws: what decoding threw, once everything before it was handed out.
    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        try prefetch.take(into: UnsafeMutableBufferPointer(rebasing: buffer[..<(buffer.count - buffer.count % format.channels)]))
    }

    /// Asks the thread to seek: what was decoded ahead is dropped, and reads wait for the
    /// samples from `frame` on. A live stream has nowhere to go: it plays on as it is.
    func seek(toFrame frame: Int) throws(AudioError) {
        guard !isLiveStream else { return }
        prefetch.seek(toFrame: frame)
    }

    /// The metadata the samples handed out so far have reached, once.
    func takeMetadata() -> [String: String]? { prefetch.takePassedMetadata() }
}

/// What a source says while it is read, gathered until the next chunk of samples takes it.
/// Only the thread reading the source touches it: the opener's, then the prefetch thread
/// (which starts after the opener is done with it).
private final class MetadataInbox: @unchecked Sendable {
    private var arrived: [String: String]?

    func add(_ metadata: [String: String]) {
        arrived = (arrived ?? [:]).merging(metadata) { $1 }
    }

    /// What arrived since the last take.
    func take() -> [String: String]? {
        defer { arrived = nil }
        return arrived
    }
}

/// The prefetch thread's work and what it shares with the engine's reads, all under one
/// lock but the decoder and its source's inbox, which only the thread touches.
private final class Prefetch: @unchecked Sendable {
    /// The most samples decoded in one step of the thread.
    private static let chunkSamples = 8192

    private let decoder: any AudioDecoder
    private let inbox: MetadataInbox
    private let capacity: Int
    private let condition = NSCondition()

    // Guarded by `condition`.
    private var samples: [Float] = []
    /// How many of `samples` were handed out already.
    private var consumed = 0
    /// Samples decoded since the last seek, handed out or not.
    private var produced = 0
    /// Samples handed out since the last seek.
    private var delivered = 0
    /// Metadata and the count of samples produced when it arrived, oldest first.
    private var marks: [(sample: Int, metadata: [String: String])] = []
    /// Metadata the reads have gone past and not taken yet.
    private var passed: [String: String]?
    private var ended = false
    private var failure: AudioError?
    private var seekRequest: Int?
    /// Counts seeks: a chunk decoded across one is dropped.
    private var epoch = 0
    private var stopping = false

    init(_ decoder: any AudioDecoder, inbox: MetadataInbox, capacity: Int) {
        self.decoder = decoder
        self.inbox = inbox
        self.capacity = capacity
    }

    private var buffered: Int { samples.count - consumed }

    var waits: Bool { condition.withLock { buffered == 0 && !ended && failure == nil } }

    func take(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        condition.lock()
        defer { condition.unlock() }
        guard buffered > 0 else {
            if let failure { throw failure }
            return 0
        }
        let count = min(buffer.count, buffered)
        samples.withUnsafeBufferPointer { decoded in
            _ = buffer.initialize(from: decoded[consumed..<consumed + count])
        }
        consumed += count
        delivered += count
        while let mark = marks.first, mark.sample < delivered {
            passed = (passed ?? [:]).merging(mark.metadata) { $1 }
            marks.removeFirst()
        }
        if consumed > samples.count / 2 {
            samples.removeFirst(consumed)
            consumed = 0
        }
        condition.broadcast()
        return count
    }

    func seek(toFrame frame: Int) {
        condition.withLock {
            seekRequest = frame
            epoch += 1
            samples = []
            (consumed, produced, delivered) = (0, 0, 0)
            marks = []
            ended = false
            failure = nil
            condition.broadcast()
        }
    }

    func takePassedMetadata() -> [String: String]? {
        condition.withLock {
            defer { passed = nil }
            return passed
        }
    }

    func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    /// The thread: seeks when asked, decodes a chunk at a time while there is room, and
    /// records where metadata arrived.
    func run() {
        let chunk = UnsafeMutableBufferPointer<Float>.allocate(
            capacity: Self.chunkSamples - Self.chunkSamples % decoder.format.channels)
        defer { chunk.deallocate() }
        while let (seek, epoch) = nextStep() {
            var count = 0
            var failure: AudioError?
            do throws(AudioError) {
                if let seek { try decoder.seek(toFrame: seek) }
                count = try decoder.read(into: chunk)
            } catch {
                failure = error
            }
            let arrived = inbox.take()
            condition.withLock {
                guard self.epoch == epoch else { return }
                if let arrived { marks.append((produced, arrived)) }
                if let failure {
                    self.failure = failure
                } else if count == 0 {
                    ended = true
                } else {
                    samples.append(contentsOf: chunk[..<count])
                    produced += count
                }
                condition.broadcast()
            }
        }
    }

    /// Waits until there is room, a seek or the end; `nil` once stopping.
    /// - Returns: the seek to do first, if any, and the epoch the step belongs to.
    private func nextStep() -> (seek: Int?, epoch: Int)? {
        condition.lock()
        defer { condition.unlock() }
        while !stopping, seekRequest == nil, ended || failure != nil || buffered >= capacity {
            condition.wait()
        }
        guard !stopping else { return nil }
        defer { seekRequest = nil }
        return (seekRequest, epoch)
    }
}
