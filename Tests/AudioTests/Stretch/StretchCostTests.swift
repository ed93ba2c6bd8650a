import Foundation
import RondoTesting
import Testing

@testable import Audio

/// What time-stretching costs the decode thread: decoding and stretching a 40 s file at
/// each rate, in wall and CPU time. A measurement, run with `RONDO_MEASURE=1`; it prints
/// its figures and checks only that every rate produced the expected length.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["RONDO_MEASURE"] == "1"))
struct StretchCostTests {
    /// Decoding and stretching 40 s of music-like audio at 0.5×…2× costs a small fraction
    /// of real time; the figures are printed.
    @Test func decodeAndStretchCost() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-cost")
        defer { directory.remove() }
        let wav = directory.appending("chord.wav")
        let mp3 = directory.appending("chord.mp3")
        let synth = ["synth", "40", "sine", "220", "sine", "330", "sine", "440", "remix", "-", "vol", "0.3"]
        #expect(Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "1", wav] + synth + ["channels", "2"]) == 0)
        #expect(Subprocess.run(["/usr/bin/lame", "--quiet", "-b", "192", wav, mp3]) == 0)
        for rate in [1.0, 0.5, 1.5, 2.0] {
            let (frames, wall, cpu) = try run(mp3, rate: rate)
            print(
                String(
                    format: "rate %.1f: %d output frames, wall %.1f ms, CPU %.1f ms (%.2f %% of the audio's 40 s)",
                    rate, frames, wall * 1000, cpu * 1000, cpu / 40 * 100))
            #expect(abs(Double(frames) - 40 * 44100 / rate) < 0.02 * 40 * 44100 / rate)
        }
    }

    /// Decodes `path` through a stretcher at `rate` the way the decode thread does.
    private func run(_ path: String, rate: Double) throws -> (frames: Int, wall: Double, cpu: Double) {
        let wallStart = Date()
        let cpuStart = threadCPUTime()
        let decoder = try MPG123Decoder(path: path)
        let stretcher = TimeStretcher(format: decoder.format)
        stretcher.setTempo(rate)
        let input = UnsafeMutableBufferPointer<Float>.allocate(capacity: PlaybackEngine.minimumChunk)
        let output = UnsafeMutableBufferPointer<Float>.allocate(capacity: 1 << 15)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var samples = 0
        var flushed = false
        while true {
            let received = stretcher.receive(into: output)
            samples += received
            if received > 0 { continue }
            if flushed { break }
            let read = try decoder.read(into: input)
            if read == 0 {
                stretcher.flush()
                flushed = true
            } else {
                stretcher.put(UnsafeBufferPointer(rebasing: input[..<read]))
            }
        }
        return (samples / decoder.format.channels, Date().timeIntervalSince(wallStart), threadCPUTime() - cpuStart)
    }

    /// Seconds the calling thread has run on a CPU (the first field of the kernel's
    /// `schedstat`, in nanoseconds).
    private func threadCPUTime() -> Double {
        let text = (try? String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8)) ?? "0"
        return (Double(text.split(separator: " ").first ?? "0") ?? 0) / 1e9
    }
}
