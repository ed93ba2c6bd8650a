@testable import Audio

extension AudioDecoder {
    /// Reads `count` samples, or fewer at the end of the stream.
    func read(count: Int) throws(AudioError) -> [Float] {
        var samples = [Float](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = try samples.withUnsafeMutableBufferPointer { buffer throws(AudioError) in
                try read(into: UnsafeMutableBufferPointer(rebasing: buffer[filled...]))
            }
            if got == 0 { break }
            filled += got
        }
        return Array(samples.prefix(filled))
    }

    /// Reads everything up to the end of the stream, or `limit` samples.
    func readAll(limit: Int = .max) throws(AudioError) -> [Float] {
        var samples: [Float] = []
        while samples.count < limit {
            let chunk = try read(count: min(8192, limit - samples.count))
            if chunk.isEmpty { break }
            samples += chunk
        }
        return samples
    }
}

/// The largest difference between two runs of samples of the same length.
func largestDifference(_ a: some Collection<Float>, _ b: some Collection<Float>) -> Float {
    zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}

/// The root-mean-square difference between two runs of samples of the same length.
func rmsDifference(_ a: some Collection<Float>, _ b: some Collection<Float>) -> Float {
    (zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Float(max(a.count, 1))).squareRoot()
}
