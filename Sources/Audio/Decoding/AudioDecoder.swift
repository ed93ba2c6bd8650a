/// Turns one compressed file into interleaved `Float` PCM.
///
/// Thread rules: a decoder is used by one thread at a time (the engine's decode thread,
/// holding the engine lock); it is never touched from the realtime callback.
protocol AudioDecoder: AnyObject {
    /// The PCM format of every sample ``read(into:)`` returns; fixed once opened.
    var format: AudioFormat { get }
    /// Length in frames, when the file says or a scan found it; `nil` when unknown.
    var frameCount: Int? { get }
    /// Decodes into `buffer`, returning the number of samples written; 0 means the end.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the stream is corrupt beyond repair.
    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int
    /// Positions the decoder so the next sample read is frame `frame` (sample-accurate).
    func seek(toFrame frame: Int) throws(AudioError)
    /// Whether nothing can be read now though more is to come (a stream waiting for the
    /// network); ``read(into:)`` is then not asked. False for a file.
    var waitsForInput: Bool { get }
    /// What the bytes said about their content (a stream's title) up to the samples read so
    /// far, each change once; `nil` when nothing new.
    func takeMetadata() -> [String: String]?
}

extension AudioDecoder {
    var waitsForInput: Bool { false }
    func takeMetadata() -> [String: String]? { nil }
}
