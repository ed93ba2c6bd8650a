import Glibc

/// How loud one tone is in a recording, whatever else plays (Goertzel's algorithm).
enum BandLevel {
    /// What a recording with nothing at a frequency measures, in dBFS.
    static let floor = -200.0

    /// The RMS level in dBFS of the part of `samples` at `frequency`.
    ///
    /// Tones whose whole number of cycles fits the recording do not leak into each other's
    /// bands; ``AudibleScenarioDriver`` picks frequencies and a duration that make it so.
    /// - Parameters:
    ///   - samples: the recording, at ``MonitorCapture/sampleRate``.
    ///   - frequency: the tone's frequency in hertz.
    /// - Returns: the level; ``floor`` for silence.
    static func level(_ samples: [Float], at frequency: Double) -> Double {
        guard samples.count > 1 else { return floor }
        let coefficient = 2 * cos(2 * Double.pi * frequency / MonitorCapture.sampleRate)
        var previous = 0.0
        var beforePrevious = 0.0
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        let rms = 2 * max(0, power).squareRoot() / Double(samples.count) / 2.squareRoot()
        return rms > 0 ? max(floor, 20 * log10(rms)) : floor
    }

    /// `level` in dB with one decimal, as reports write it: `-25.6`.
    /// - Parameter level: a level or a difference of levels, in dB.
    /// - Returns: the text.
    static func text(_ level: Double) -> String {
        let tenths = Int((level * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
