import Glibc
import RondoProtocol
import SinkMonitor
import Spawning

/// A continuous sine tone played through PulseAudio as one session's stream: `sox`
/// generates it and `pacat` plays it with `rondo.session.id` in the stream's proplist, so
/// the daemon ducks and mutes it as it does any stream of that session.
///
/// The two programs are joined by a pipe that only they hold; stopping `pacat` makes `sox`
/// end on its next write. The tone lasts an hour at most, should `rondo` be killed without
/// stopping it. Used from one thread.
struct ToneProcess {
    /// The amplitude of every tone: eight tones together stay below full scale, so the
    /// sink never clips them into each other's bands.
    static let amplitude = 0.1
    /// The RMS level of an undisturbed tone at full volume, in dBFS.
    static let nominalLevel = 20 * log10(amplitude / 2.squareRoot())

    /// The frequency played, in hertz.
    let frequency: Double
    private let generator: ChildProcess
    private let player: ChildProcess

    /// Starts the tone for the session with daemon id `session`.
    /// - Parameters:
    ///   - frequency: the tone's frequency in hertz.
    ///   - session: the session's id, as the daemon knows it.
    /// - Throws: ``ChildProcessError`` when `sox` or `pacat` cannot start.
    init(frequency: Double, session: String) throws(ChildProcessError) {
        self.frequency = frequency
        let rate = "\(Int(MonitorCapture.sampleRate))"
        generator = try ChildProcess(
            [
                "sox", "-q", "-n", "-t", "raw", "-r", rate, "-e", "floating-point", "-b", "32", "-c", "1", "-",
                "synth", "3600", "sine", "\(Int(frequency))", "vol", "\(Self.amplitude)",
            ], standardOutput: .pipe)
        let pipe = generator.outputPipe!
        defer { close(pipe) }
        do {
            player = try ChildProcess(
                [
                    "pacat", "--playback", "--raw", "--format=float32le", "--rate=" + rate, "--channels=1",
                    "--latency-msec=50", "--client-name=rondo scenario tone",
                    "--property=\(SessionProperty.name)=\(session)",
                ], standardInput: .descriptor(pipe))
        } catch {
            generator.terminate()
            throw error
        }
    }

    /// Stops the tone: its stream leaves the sink at once.
    func stop() {
        player.terminate()
        generator.terminate()
    }
}
