import TagReading

/// Reads the metadata blocks of a FLAC stream: STREAMINFO (sample rate, channels, total
/// samples and so the duration), the first VORBIS_COMMENT block and the PICTURE blocks, and
/// notes a CUESHEET block, whose tracks are chapter marks.
///
/// Reads only block headers and the blocks it uses, each at most 16 MiB (a block length is
/// 24 bits); other blocks are skipped by offset. A block that runs past the end of the file,
/// a first block that is not a valid STREAMINFO, or more than ``maximumBlocks`` blocks make
/// the file ``TagReadFailure/malformed(format:reason:)``. At most two pictures are held at
/// once, so memory stays bounded whatever the file holds.
struct FLACTagReader {
    /// The most metadata blocks read before the file is taken to be damaged.
    static let maximumBlocks = 4_096
    private static let format = "FLAC"
    private static let streamInfo: UInt8 = 0
    private static let vorbisComment: UInt8 = 4
    private static let cueSheet: UInt8 = 5
    private static let picture: UInt8 = 6

    let file: TagFile

    /// Reads the stream whose `fLaC` marker is at `start` (after any ID3v2 tag).
    /// - Throws: ``TagReadFailure`` saying what is wrong with the metadata.
    func read(startingAt start: Int) throws(TagReadFailure) -> FileTags {
        var tags = FileTags()
        var comments: VorbisComments?
        var chosen: FLACPicture?
        var offset = start + 4
        for index in 0..<Self.maximumBlocks {
            let header = try file.exactly(4, at: offset, or: Self.damaged("the file ends inside metadata block \(index + 1)"))
            let isLast = header[0] & 0x80 != 0
            let type = header[0] & 0x7F
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            offset += 4
            guard offset + length <= file.size else {
                throw Self.damaged("metadata block \(index + 1) declares \(length) bytes, past the end of the file")
            }
            if index == 0 {
                guard type == Self.streamInfo, length >= 34 else { throw Self.damaged("the first metadata block is not STREAMINFO") }
                try readStreamInfo(try file.exactly(34, at: offset, or: Self.damaged("truncated STREAMINFO")), into: &tags)
            } else if type == Self.vorbisComment, comments == nil {
                var cursor = ByteCursor(try file.exactly(length, at: offset, or: Self.damaged("truncated comment block")))
                comments = VorbisComments(&cursor)
            } else if type == Self.picture, chosen?.type != FLACPicture.frontCover {
                let block = try file.exactly(length, at: offset, or: Self.damaged("truncated picture block"))
                if let picture = FLACPicture(block), FLACPicture.prefers(picture, over: chosen) { chosen = picture }
            } else if type == Self.cueSheet {
                tags.hasChapterMarks = true
            } else if type == 127 {
                throw Self.damaged("metadata block \(index + 1) has the invalid type 127")
            }
            offset += length
            if isLast {
                comments?.apply(to: &tags)
                tags.picture = chosen?.picture
                return tags
            }
        }
        throw Self.damaged("more than \(Self.maximumBlocks) metadata blocks")
    }

    /// Sample rate (20 bits), channels (3 bits, minus one) and total samples (36 bits) from
    /// the 34-byte STREAMINFO body.
    private func readStreamInfo(_ body: [UInt8], into tags: inout FileTags) throws(TagReadFailure) {
        let rate = Int(body[10]) << 12 | Int(body[11]) << 4 | Int(body[12]) >> 4
        let channels = Int(body[12] >> 1 & 0x07) + 1
        let samples = Int(body[13] & 0x0F) << 32 | Int(body[14]) << 24 | Int(body[15]) << 16 | Int(body[16]) << 8 | Int(body[17])
        guard rate > 0 else { throw Self.damaged("STREAMINFO gives a sample rate of 0") }
        tags.sampleRate = rate
        tags.channels = channels
        if samples > 0 { tags.duration = Double(samples) / Double(rate) }
    }

    private static func damaged(_ reason: String) -> TagReadFailure {
        .malformed(format: format, reason: reason)
    }
}
