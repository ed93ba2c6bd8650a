import Audio
import Streams

extension NetworkSettings {
    /// The opener of every location the player and the prompts are given: a stream's URL
    /// (or a playlist's, which plays its first entry that answers) over HTTP(S) with these
    /// settings, a dropped one tried again within `resumeWithin` seconds (a file from where
    /// `moves` says its address now is); anything else as a file's path.
    func opener(resumeWithin: Double, moves: AddressMoves) -> ByteSourceOpener {
        StreamOpener(
            options: HTTPOptions(timeout: timeout, bufferSeconds: bufferSeconds, userAgent: userAgent, resumeWithin: resumeWithin),
            moves: moves
        ).opener
    }
}

extension NetworkSettings {
    /// The options of a document's fetch (a feed, a chapters file, an episode's download):
    /// these timeouts and this user agent.
    var documentOptions: HTTPOptions {
        HTTPOptions(timeout: timeout, userAgent: userAgent)
    }
}
