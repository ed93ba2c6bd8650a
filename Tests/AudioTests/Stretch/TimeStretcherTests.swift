import Foundation
import RondoTesting
import SinkMonitor
import Testing

@testable import Audio

/// The time-stretcher on generated signals, without any audio output.
struct TimeStretcherTests {
    let format = AudioFormat(sampleRate: 44100, channels: 2)

    /// Feeds `input` in decoder-sized chunks at `tempo`, flushes, and returns all output.
    func stretch(_ input: [Float], tempo: Double) -> [Float] {
        let stretcher = TimeStretcher(format: format)
        stretcher.setTempo(tempo)
        var output: [Float] = []
        var buffer = [Float](repeating: 0, count: 4608)
        func drain() {
            while true {
                let count = buffer.withUnsafeMutableBufferPointer { stretcher.receive(into: $0) }
                if count == 0 { return }
                output += buffer[..<count]
            }
        }
        for start in stride(from: 0, to: input.count, by: 4608) {
            input[start..<min(input.count, start + 4608)].withUnsafeBufferPointer { stretcher.put($0) }
            drain()
        }
        stretcher.flush()
        drain()
        return output
    }

    /// At tempo 1 the output is the input, bit for bit, available as soon as it is put.
    @Test func passesThroughExactlyAtTempoOne() {
        var generator = SplitMix64(seed: 7)
        let input = (0..<100_000).map { _ in Float.random(in: -1...1, using: &generator) }
        let stretcher = TimeStretcher(format: format)
        stretcher.setTempo(1)
        #expect(stretcher.isBypassed)
        var output: [Float] = []
        var buffer = [Float](repeating: 0, count: 3000)
        for start in stride(from: 0, to: input.count, by: 2000) {
            input[start..<min(input.count, start + 2000)].withUnsafeBufferPointer { stretcher.put($0) }
            #expect(stretcher.availableSamples == min(input.count, start + 2000) - start)
            let count = buffer.withUnsafeMutableBufferPointer { stretcher.receive(into: $0) }
            output += buffer[..<count]
        }
        #expect(output == input)
    }

    /// The output lasts the input's length divided by the tempo, within 5 %.
    @Test(arguments: [0.5, 1.5, 2.0])
    func outputLengthFollowsTempo(tempo: Double) {
        let input = Signals.sine(440, seconds: 4)
        let output = stretch(input, tempo: tempo)
        let expected = Double(input.count) / tempo
        #expect(abs(Double(output.count) - expected) < 0.05 * expected, "\(output.count) samples, expected \(expected)")
    }

    /// A 440 Hz tone stays at 440 Hz (within 3 %) whatever the tempo: the pitch is kept.
    @Test(arguments: [0.5, 1.5, 2.0])
    func pitchIsKept(tempo: Double) {
        let output = stretch(Signals.sine(440, seconds: 3), tempo: tempo)
        let middle = Signals.firstChannel(Array(output[output.count / 4..<output.count * 3 / 4]))
        #expect(abs(SignalAnalysis.dominantFrequency(middle) - 440) <= 440 * 0.03)
        #expect(SignalAnalysis.level(middle, at: 440) > -12)
    }

    /// Clearing drops everything held, in both modes.
    @Test(arguments: [1.0, 2.0])
    func clearDropsEverything(tempo: Double) {
        let stretcher = TimeStretcher(format: format)
        stretcher.setTempo(tempo)
        Signals.sine(440, seconds: 1).withUnsafeBufferPointer { stretcher.put($0) }
        stretcher.clear()
        stretcher.flush()
        #expect(stretcher.availableSamples == 0)
    }

    /// What the stretcher puts out is ahead of the plain `input / tempo` mapping by its
    /// mean lead: on a sweep from 200 Hz rising 600 Hz a second, where the frequency tells
    /// the media time, the measured lead over the middle of the output is the reported
    /// one to within 2 ms (and 0 when bypassed).
    @Test(arguments: [0.5, 1.0, 1.5, 2.0])
    func meanLeadIsWhatComesOut(tempo: Double) {
        let seconds = 4.0
        let frames = Int(seconds * 44100)
        var sweep = [Float](repeating: 0, count: frames * 2)
        for frame in 0..<frames {
            let time = Double(frame) / 44100
            let phase = 2 * Double.pi * (200 * time + 300 * time * time)
            let value = Float(0.5 * sin(phase))
            sweep[2 * frame] = value
            sweep[2 * frame + 1] = value
        }
        let stretcher = TimeStretcher(format: format)
        stretcher.setTempo(tempo)
        let reported = stretcher.meanLead / 44100
        let output = Signals.firstChannel(stretch(sweep, tempo: tempo))
        let window = 882
        var leads: [Double] = []
        for start in stride(from: output.count / 4, to: output.count * 3 / 4 - window, by: window) {
            let crossings = (start..<(start + window - 1)).filter { (output[$0] < 0) != (output[$0 + 1] < 0) }
            guard let first = crossings.first, let last = crossings.last, last > first else { continue }
            // Half a period between crossings: the frequency over [first, last], at its middle.
            let frequency = Double(crossings.count - 1) / 2 / (Double(last - first) / 44100)
            let mediaTime = (frequency - 200) / 600
            let nominal = Double(first + last) / 2 / 44100 * tempo
            leads.append(mediaTime - nominal)
        }
        let measured = leads.reduce(0, +) / Double(leads.count)
        #expect(abs(measured - reported) < 0.002, "at \(tempo)×: measured lead \(measured * 1000) ms, reported \(reported * 1000) ms")
        if tempo == 1 { #expect(reported == 0) }
    }
}
