import Foundation

/// Measurements of recorded audio: level and frequency content.
public enum SignalAnalysis {
    /// RMS level in dBFS (a full-scale sine is -3 dBFS; silence is -200).
    public static func level(_ samples: [Float]) -> Double {
        guard !samples.isEmpty else { return -200 }
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        return power > 0 ? max(-200, 10 * log10(power)) : -200
    }

    /// RMS level in dBFS of the part of the signal at `frequency` (Goertzel): how loud
    /// that one tone is, whatever else plays.
    public static func level(_ samples: [Float], at frequency: Double, sampleRate: Double = MonitorRecorder.sampleRate) -> Double {
        guard samples.count > 1 else { return -200 }
        let omega = 2 * Double.pi * frequency / sampleRate
        let coefficient = 2 * cos(omega)
        var previous = 0.0
        var beforePrevious = 0.0
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        let amplitude = 2 * sqrt(max(0, power)) / Double(samples.count)
        let rms = amplitude / sqrt(2)
        return rms > 0 ? max(-200, 20 * log10(rms)) : -200
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
}
