import TagReading

/// Reads the first packets of the first logical stream of an Ogg file, page by page,
/// joining packets that span pages.
///
/// Pages of other streams (a multiplexed file) are skipped. A packet is never allowed to
/// grow past the limit the caller gives, and at most ``maximumPages`` pages are read, so a
/// damaged file costs bounded memory and time.
struct OggPacketReader {
    /// The most pages read while looking for the header packets.
    static let maximumPages = 4_096

    let file: TagFile
    /// The format failures name; the caller sets it once the first packet tells.
    var format: String
    /// The serial number of the stream being read, known once the first page is read.
    private(set) var serial: UInt32?
    private var offset = 0
    private var pagesRead = 0
    private var pending: [[UInt8]] = []
    private var partial: [UInt8] = []

    /// A reader at the start of `file`; failures name `format` (`Ogg`, later `Ogg Vorbis` or `Opus`).
    init(file: TagFile, format: String) {
        self.file = file
        self.format = format
    }

    /// The stream's next packet.
    /// - Parameter maximumBytes: the longest packet accepted.
    /// - Throws: ``TagReadFailure/malformed(format:reason:)`` when the file ends first, a
    ///   page is damaged, or the packet is longer than `maximumBytes`.
    mutating func nextPacket(maximumBytes: Int) throws(TagReadFailure) -> [UInt8] {
        while pending.isEmpty {
            try readPage(maximumBytes: maximumBytes)
        }
        return pending.removeFirst()
    }

    private mutating func readPage(maximumBytes: Int) throws(TagReadFailure) {
        guard pagesRead < Self.maximumPages else { throw damaged("no complete header packet in the first \(pagesRead) pages") }
        pagesRead += 1
        let fixed = try file.exactly(OggPage.fixedHeaderLength, at: offset, or: damaged("the file ends inside its headers"))
        guard fixed.starts(with: OggPage.capturePattern) else { throw damaged("no Ogg page at byte \(offset)") }
        let count = OggPage.segmentCount(fixed[...])
        let table = try file.exactly(count, at: offset + fixed.count, or: damaged("the file ends inside a page header"))
        guard let page = OggPage(fixed[...], segments: table) else { throw damaged("unknown Ogg page version at byte \(offset)") }
        let bodyStart = offset + page.headerLength
        offset = bodyStart + page.bodyLength
        if serial == nil { serial = page.serial }
        guard page.serial == serial else { return }
        let body = try file.exactly(page.bodyLength, at: bodyStart, or: damaged("the file ends inside its headers"))
        var at = 0
        for lacing in page.segments {
            let length = Int(lacing)
            guard partial.count + length <= maximumBytes else {
                throw damaged("a header packet is longer than \(maximumBytes >> 20) MiB")
            }
            partial += body[at..<at + length]
            at += length
            if lacing < 255 {
                pending.append(partial)
                partial = []
            }
        }
    }

    private func damaged(_ reason: String) -> TagReadFailure {
        .malformed(format: format, reason: reason)
    }
}
