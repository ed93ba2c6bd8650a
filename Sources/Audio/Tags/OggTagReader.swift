import TagReading

/// Reads the headers of an Ogg Vorbis or Opus file: the identification header (channels,
/// sample rate, Opus pre-skip), the comment header (``VorbisComments``, which may span
/// pages) and the duration, from the granule position of the stream's last page.
///
/// Reads the first pages up to the comment header (at most ``maximumCommentBytes`` of it)
/// and at most ``tailWindow`` bytes at the end of the file.
struct OggTagReader {
    /// The longest comment header accepted: room for a few covers in base64.
    static let maximumCommentBytes = 16 << 20
    /// How far from the end of the file the last page is looked for.
    static let tailWindow = 256 << 10
    /// How far it is looked for first.
    static let firstTailWindow = 16 << 10
    /// The rate of Opus granule positions, whatever the input's rate was.
    static let opusRate = 48_000
    private static let identificationBytes = 1 << 16

    let file: TagFile

    /// Reads the file's first logical stream.
    /// - Throws: ``TagReadFailure/unsupportedFormat`` for an Ogg stream that is neither
    ///   Vorbis nor Opus; ``TagReadFailure/malformed(format:reason:)`` for damaged headers.
    func read() throws(TagReadFailure) -> FileTags {
        var packets = OggPacketReader(file: file, format: "Ogg")
        var identification = ByteCursor(try packets.nextPacket(maximumBytes: Self.identificationBytes))
        var tags = FileTags()
        let commentMagic: [UInt8]
        var preSkip = 0
        var granuleRate: Int
        if identification.consume([1] + Array("vorbis".utf8)) {
            packets.format = "Ogg Vorbis"
            guard identification.uint32LE() == 0, let channels = identification.uint8(), channels > 0,
                let rate = identification.uint32LE(), rate > 0, rate <= 1_000_000
            else { throw .malformed(format: packets.format, reason: "invalid identification header") }
            (tags.channels, tags.sampleRate, granuleRate) = (Int(channels), Int(rate), Int(rate))
            commentMagic = [3] + Array("vorbis".utf8)
        } else if identification.consume(Array("OpusHead".utf8)) {
            packets.format = "Opus"
            guard let version = identification.uint8(), version < 16, let channels = identification.uint8(), channels > 0,
                let skip = identification.uint16LE()
            else { throw .malformed(format: packets.format, reason: "invalid OpusHead header") }
            (tags.channels, tags.sampleRate, granuleRate, preSkip) = (Int(channels), Self.opusRate, Self.opusRate, Int(skip))
            commentMagic = Array("OpusTags".utf8)
        } else {
            throw .unsupportedFormat
        }
        var comments = ByteCursor(try packets.nextPacket(maximumBytes: Self.maximumCommentBytes))
        guard comments.consume(commentMagic) else {
            throw .malformed(format: packets.format, reason: "the second packet is not a comment header")
        }
        VorbisComments(&comments)?.apply(to: &tags)
        if let serial = packets.serial, let granule = try lastGranule(serial: serial), granule > preSkip {
            tags.duration = Double(Int(granule) - preSkip) / Double(granuleRate)
        }
        return tags
    }

    /// The granule position of the last page of stream `serial` that has one, found in the
    /// last ``tailWindow`` bytes; `nil` when none is there.
    ///
    /// The last page is short in almost every file, so the last ``firstTailWindow`` bytes are
    /// searched first; the whole window only when they hold no such page. The page found is the
    /// same either way: the search goes backwards from the end of the file.
    private func lastGranule(serial: UInt32) throws(TagReadFailure) -> Int64? {
        for window in [Self.firstTailWindow, Self.tailWindow] {
            let start = max(0, file.size - window)
            let tail = try file.bytes(at: start, count: window)
            var candidate = tail.count - OggPage.fixedHeaderLength
            while candidate >= 0 {
                if tail[candidate] == UInt8(ascii: "O"), let page = OggPage(tail[candidate...]), page.serial == serial,
                    page.granule != OggPage.noGranule, page.granule >= 0
                {
                    return page.granule
                }
                candidate -= 1
            }
            if start == 0 { break }
        }
        return nil
    }
}
