import Glibc
import Spawning
import Synchronization

/// What a listener at a sink hears: the sink's monitor source recorded by `parec`, its two
/// channels averaged into mono float samples at ``sampleRate``.
///
/// The channels are averaged here rather than by the audio server: servers down-mix
/// differently (PipeWire normalises), and a listener hears both channels as they are. Reads
/// come from one thread at a time; ``stop()`` may come from any.
public final class MonitorCapture: Sendable {
    /// Samples per second of the recording.
    public static let sampleRate = 44100.0

    private let process: ChildProcess
    private let descriptor: Int32
    /// What the recording is of, for messages.
    private let source: String
    /// The bytes of a frame not yet complete, kept for the next read.
    private let partialFrame = Mutex<[UInt8]>([])

    /// Starts recording the monitor of `sink`.
    /// - Parameters:
    ///   - sink: the sink's name, or `nil` for the default sink.
    ///   - server: the `PULSE_SERVER` to record from, or `nil` for this process's.
    /// - Throws: ``MonitorCaptureError/cannotStart(_:)`` when `parec` cannot start.
    public init(sink: String? = nil, server: String? = nil) throws(MonitorCaptureError) {
        source = sink.map { "\($0).monitor" } ?? "the default sink's monitor"
        do {
            process = try ChildProcess(
                [
                    "parec", "-d", sink.map { $0 + ".monitor" } ?? "@DEFAULT_MONITOR@", "--raw", "--format=float32le",
                    "--rate=\(Int(Self.sampleRate))", "--channels=2", "--channel-map=front-left,front-right",
                    "--latency-msec=20",
                ],
                environment: server.map { ["PULSE_SERVER": $0] } ?? [:], standardOutput: .pipe)
        } catch {
            throw .cannotStart(error)
        }
        descriptor = process.outputPipe!
    }

    /// The samples that have arrived since the last read, waiting up to `timeout` seconds for
    /// the first.
    /// - Parameter timeout: seconds to wait, or `nil` to wait as long as `parec` runs.
    /// - Returns: one or more samples.
    /// - Throws: ``MonitorCaptureError`` when nothing came in time or `parec` stopped.
    public func nextSamples(timeout: Double? = 5) throws(MonitorCaptureError) -> [Float] {
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeout.map { Int32($0 * 1000) } ?? -1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw .silent(source) }
            var bytes = [UInt8](repeating: 0, count: 16384)
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw .stopped(source) }
            let samples = partialFrame.withLock { partial in
                partial += bytes.prefix(got)
                let usable = partial.count - partial.count % 8
                defer { partial.removeFirst(usable) }
                return Self.mono(partial.prefix(usable))
            }
            if !samples.isEmpty { return samples }
        }
    }

    /// The next `count` samples, waiting up to `timeout` seconds for each part of them.
    /// - Throws: ``MonitorCaptureError`` when nothing came in time or `parec` stopped.
    public func samples(_ count: Int, timeout: Double = 5) throws(MonitorCaptureError) -> [Float] {
        var samples: [Float] = []
        samples.reserveCapacity(count)
        while samples.count < count { samples += try nextSamples(timeout: timeout) }
        return Array(samples.prefix(count))
    }

    /// Stops recording; reads then end with ``MonitorCaptureError/stopped(_:)``.
    public func stop() {
        process.terminate()
    }

    deinit {
        process.terminate()
        close(descriptor)
    }

    /// Interleaved stereo float frames as mono samples.
    private static func mono(_ bytes: ArraySlice<UInt8>) -> [Float] {
        bytes.withUnsafeBytes { raw in
            (0..<raw.count / 8).map { frame in
                let left = raw.loadUnaligned(fromByteOffset: 8 * frame, as: Float.self)
                let right = raw.loadUnaligned(fromByteOffset: 8 * frame + 4, as: Float.self)
                return (left + right) / 2
            }
        }
    }
}
