import Foundation
import RondoTesting
import SinkMonitor

/// Generated test signals, at the monitor's sample rate so ``SignalAnalysis`` reads them.
enum Signals {
    /// `seconds` of a half-scale sine at `frequency`, interleaved over `channels`.
    static func sine(_ frequency: Double, seconds: Double, channels: Int = 2) -> [Float] {
        let frames = Int(seconds * MonitorRecorder.sampleRate)
        var samples = [Float](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            let value = Float(0.5 * sin(2 * Double.pi * frequency * Double(frame) / MonitorRecorder.sampleRate))
            for channel in 0..<channels { samples[frame * channels + channel] = value }
        }
        return samples
    }

    /// Channel 0 of interleaved `samples`.
    static func firstChannel(_ samples: [Float], channels: Int = 2) -> [Float] {
        stride(from: 0, to: samples.count, by: channels).map { samples[$0] }
    }
}
