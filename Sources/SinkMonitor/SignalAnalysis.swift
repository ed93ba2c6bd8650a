import Glibc

/// Measurements of recorded audio: level and frequency content.
public enum SignalAnalysis {
    /// What a recording with nothing in it (or nothing at a frequency) measures, in dBFS.
    public static let floor = -200.0

    /// RMS level in dBFS (a full-scale sine is -3 dBFS; silence is ``floor``).
    public static func level(_ samples: [Float]) -> Double {
        guard !samples.isEmpty else { return floor }
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        return power > 0 ? max(floor, 10 * log10(power)) : floor
    }

    /// RMS level in dBFS of the part of the signal at `frequency` (Goertzel's algorithm): how
    /// loud that one tone is, whatever else plays.
    ///
    /// Tones whose whole number of cycles fits the recording do not leak into each other's
    /// bands.
    /// - Parameters:
    ///   - samples: the recording.
    ///   - frequency: the tone's frequency in hertz.
    ///   - sampleRate: the recording's samples per second.
    /// - Returns: the level; ``floor`` for silence.
    public static func level(
        _ samples: [Float], at frequency: Double, sampleRate: Double = MonitorCapture.sampleRate
    ) -> Double {
        guard samples.count > 1 else { return floor }
        let coefficient = 2 * cos(2 * Double.pi * frequency / sampleRate)
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

    /// The strongest frequency between `low` and `high` Hz, to within `step` Hz.
    public static func dominantFrequency(_ samples: [Float], low: Double = 100, high: Double = 2000, step: Double = 10) -> Double {
        var best = (frequency: low, level: -Double.infinity)
        var frequency = low
        while frequency <= high {
            let value = level(samples, at: frequency)
            if value > best.level { best = (frequency, value) }
            frequency += step
        }
        return best.frequency
    }

    /// How many samples `later` runs behind `earlier` (negative: ahead), within
    /// `maximumLag` either way, by the peak of their normalized cross-correlation over the
    /// overlap of `window` samples taken from the middle of `earlier`; and that peak (1: the
    /// same signal, about 0: unrelated). Give it broadband sound (noise, music): a steady
    /// tone matches itself every period.
    public static func lag(of later: [Float], behind earlier: [Float], maximumLag: Int, window: Int) -> (samples: Int, correlation: Double) {
        let start = max(maximumLag, (earlier.count - window) / 2)
        guard start + window + maximumLag <= min(earlier.count, later.count) else { return (0, 0) }
        var best = (samples: 0, correlation: -Double.infinity)
        earlier.withUnsafeBufferPointer { a in
            later.withUnsafeBufferPointer { b in
                var energyA = 0.0
                for index in start..<(start + window) { energyA += Double(a[index]) * Double(a[index]) }
                for shift in -maximumLag...maximumLag {
                    var product: Float = 0
                    var energyB: Float = 0
                    var index = start
                    while index < start + window {
                        let x = b[index + shift]
                        product += a[index] * x
                        energyB += x * x
                        index += 1
                    }
                    let normalized = Double(product) / max(1e-12, (energyA * Double(energyB)).squareRoot())
                    if normalized > best.correlation { best = (shift, normalized) }
                }
            }
        }
        return best
    }
}
