import Audio
import Streams

extension NetworkSettings {
    /// The opener of every location the player and the prompts are given: a stream's URL
    /// over HTTP(S) with these settings (a dropped one tried again within `resumeWithin`
    /// seconds), anything else as a file's path.
    func opener(resumeWithin: Double) -> ByteSourceOpener {
        let options = HTTPOptions(timeout: timeout, bufferSeconds: bufferSeconds, userAgent: userAgent, resumeWithin: resumeWithin)
        return { location throws(AudioError) in
            guard MediaPaths.isStreamURL(location) else { return try FileByteSource(path: location) }
            return try HTTPByteSource(url: location, options: options)
        }
    }
}
