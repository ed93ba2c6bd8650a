import Foundation

/// The short two-note chime played when a prompt must be brief: 0.12 s at 880 Hz, then
/// 0.18 s at 1320 Hz (a fifth up), each note faded in and out over 5 ms so that it starts
/// and ends without a click, peaking at −12 dBFS.
struct ChimeTone {
    /// One note of the chime.
    struct Note {
        /// Its pitch in Hz.
        var frequency: Double
        /// Its length in seconds.
        var seconds: Double
    }

    /// The notes, in order.
    var notes = [Note(frequency: 880, seconds: 0.12), Note(frequency: 1320, seconds: 0.18)]
    /// The peak level in dBFS.
    var peakDecibels = -12.0
    /// Each note's fade in and out, in seconds.
    var fadeSeconds = 0.005
    /// The output rate; the monitor and most sinks run at 44.1 kHz, so nothing is resampled.
    var format = AudioFormat(sampleRate: 44_100, channels: 1)

    /// The chime as mono float samples at ``format``.
    func samples() -> [Float] {
        let rate = Double(format.sampleRate)
        let peak = pow(10, peakDecibels / 20)
        let fadeFrames = max(1, Int(fadeSeconds * rate))
        var samples: [Float] = []
        for note in notes {
            let frames = Int(note.seconds * rate)
            for frame in 0..<frames {
                let edge = min(frame, frames - 1 - frame)
                let envelope = min(1, Double(edge) / Double(fadeFrames))
                samples.append(Float(peak * envelope * sin(2 * Double.pi * note.frequency * Double(frame) / rate)))
            }
        }
        return samples
    }
}
