import Glibc

/// What a listener at the default sink hears: a short recording of its monitor
/// (`parec -d @DEFAULT_MONITOR@`), as mono float samples.
///
/// Each recording starts its own `parec` and ends it, so no stale audio piles up between
/// steps however long a step takes. Used from one thread.
enum MonitorCapture {
    /// Samples per second of the tones and the recording.
    static let sampleRate = 44100.0

    /// Records `settle` seconds and drops them, so that what the step changed has taken
    /// effect (the policy ramps over 50 ms by default), then returns the next `duration`
    /// seconds.
    /// - Parameters:
    ///   - settle: seconds to let pass first.
    ///   - duration: seconds to return.
    /// - Returns: the samples, `duration × sampleRate` of them.
    /// - Throws: ``AudioCheckError`` when `parec` cannot start or stops delivering samples.
    static func record(settle: Double, duration: Double) throws(AudioCheckError) -> [Float] {
        let pipe = try SpawnedProgram.pipe()
        let recorder: SpawnedProgram
        do {
            recorder = try SpawnedProgram(
                [
                    "parec", "-d", "@DEFAULT_MONITOR@", "--raw", "--format=float32le", "--rate=\(Int(sampleRate))",
                    "--channels=1", "--latency-msec=20",
                ], output: pipe.write)
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw error
        }
        close(pipe.write)
        defer {
            close(pipe.read)
            recorder.stop()
        }
        _ = try read(Int(settle * sampleRate), from: pipe.read)
        return try read(Int(duration * sampleRate), from: pipe.read)
    }

    /// Reads `count` samples from `descriptor`, giving up when nothing comes for 5 s.
    private static func read(_ count: Int, from descriptor: Int32) throws(AudioCheckError) -> [Float] {
        var samples = [Float](repeating: 0, count: count)
        let total = count * MemoryLayout<Float>.size
        var filled = 0
        while filled < total {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 5000)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                throw AudioCheckError("parec recorded nothing from the default sink's monitor; is PulseAudio running?")
            }
            let got = samples.withUnsafeMutableBytes { bytes in
                Glibc.read(descriptor, bytes.baseAddress! + filled, total - filled)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw AudioCheckError("parec stopped recording the default sink's monitor; is PulseAudio running?")
            }
            filled += got
        }
        return samples
    }
}
