import Foundation
import Glibc
import Synchronization

/// A sine tone written as 16-bit little-endian stereo PCM at 44.1 kHz, both channels
/// alike (an encoder's own mono-to-stereo mix would lower it by 3 dB), at the pace it would
/// be heard, to a socket, by a thread of its own: the live input of a ``ToneStation``'s
/// encoder. Its frequency changes at once when set, without a click (the phase goes on).
///
/// Ten milliseconds are written at a time; a writer held up (a loaded machine) catches up
/// without pausing. It stops when told, or when the socket's peer goes.
final class ToneWriter: Sendable {
    /// Samples per second.
    static let sampleRate = 44_100
    /// Frames (one sample per channel) per write: 10 ms.
    static let framesPerWrite = 441
    /// Channels, interleaved.
    static let channels = 2

    /// The tone's frequency in hertz, and whether to go on; read by the thread before each write.
    private let settings: Mutex<(frequency: Double, running: Bool)>
    private let descriptor: Int32
    private let amplitude: Double

    /// Starts writing `frequency` at `amplitude` (of full scale) to `descriptor`, which it
    /// closes when it stops.
    init(descriptor: Int32, frequency: Double, amplitude: Double) {
        self.descriptor = descriptor
        self.amplitude = amplitude
        settings = Mutex((frequency, true))
        Thread { [self] in
            write()
            close(descriptor)
        }.start()
    }

    /// The frequency from the next 10 ms on.
    var frequency: Double {
        get { settings.withLock { $0.frequency } }
        set { settings.withLock { $0.frequency = newValue } }
    }

    /// Stops writing (within 10 ms) and closes the socket.
    func stop() {
        settings.withLock { $0.running = false }
    }

    private func write() {
        let start = ContinuousClock.now
        var written = 0
        var phase = 0.0
        var chunk = [Int16](repeating: 0, count: Self.framesPerWrite * Self.channels)
        while true {
            let (frequency, running) = settings.withLock { $0 }
            guard running else { return }
            let step = 2 * Double.pi * frequency / Double(Self.sampleRate)
            for frame in 0..<Self.framesPerWrite {
                let sample = Int16((amplitude * 32767 * sin(phase)).rounded()).littleEndian
                for channel in 0..<Self.channels { chunk[frame * Self.channels + channel] = sample }
                phase = (phase + step).truncatingRemainder(dividingBy: 2 * Double.pi)
            }
            guard send(chunk) else { return }
            written += Self.framesPerWrite
            let due = start + .microseconds(written * 1_000_000 / Self.sampleRate)
            if due > .now { Thread.sleep(forTimeInterval: Self.seconds(due - .now)) }
        }
    }

    /// Writes the whole chunk; false once the peer is gone.
    private func send(_ chunk: [Int16]) -> Bool {
        chunk.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
