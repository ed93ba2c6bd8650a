import Glibc
import TagReading

/// Looks at a file's first bytes before libmpg123 does, to say precisely why a file is not a
/// playable MP3 and to keep a bogus tag size from making libmpg123 allocate it.
///
/// Reads at most the 10-byte ID3v2 header and ``searchWindow`` bytes after the tag, whatever
/// the file's size. A file passes when, within that window after its ID3v2 tag, an MPEG
/// audio frame header is followed by a matching one exactly one frame later (or the frame
/// ends exactly at the end of the file): two checks a run of random bytes practically never
/// passes, where libmpg123's own resync would accept one lucky header.
enum MP3Probe {
    /// The largest ID3v2 tag accepted: room for a few high-resolution covers. A larger size
    /// is a damaged or hostile header.
    static let maximumTagBytes = 8 << 20
    /// How far after the tag the first frame is looked for.
    static let searchWindow = 64 << 10
    /// The longest MPEG audio frame (layer II at 384 kbit/s, 8 kHz), so a frame starting
    /// inside the window can be followed to the next header.
    private static let longestFrame = 6_913

    /// Checks the file at `path`.
    /// - Returns: whether its ID3v2 tag has (or, unsynchronised, may have) a `CHAP` frame.
    /// - Throws: the ``TagReadFailure`` that says why it is not a usable MP3 file.
    static func check(_ path: String) throws(TagReadFailure) -> Bool {
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw .unreadable(reason: error.reason)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        let size = Int(status.st_size)
        guard size > 0 else { throw .empty }
        let audioStart = try tagEnd(descriptor, fileSize: size)
        guard audioStart < size else { throw .truncated }
        let length = min(size - audioStart, searchWindow + longestFrame + 4)
        let window = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
        defer { window.deallocate() }
        guard pread(descriptor, window.baseAddress, length, off_t(audioStart)) == length else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        try findFrames(UnsafeRawBufferPointer(window), reachesEndOfFile: audioStart + length == size)
        return hasChapterFrame(descriptor, tagEnd: audioStart)
    }

    /// Whether the ID3v2.3 or 2.4 tag that ends at `tagEnd` may have a `CHAP` frame, found by
    /// reading the frame headers alone (10 bytes each, the bodies skipped). A tag that is
    /// unsynchronised as a whole cannot be walked so: it may have one. An older version has
    /// no `CHAP` frame.
    private static func hasChapterFrame(_ descriptor: Int32, tagEnd: Int) -> Bool {
        var header = [UInt8](repeating: 0, count: 10)
        guard tagEnd > 10, pread(descriptor, &header, 10, 0) == 10 else { return false }
        let version = header[3]
        guard version == 3 || version == 4 else { return false }
        guard header[5] & 0x80 == 0 else { return true }
        let sizeOf = { (bytes: ArraySlice<UInt8>, syncSafe: Bool) in
            bytes.reduce(0) { syncSafe ? $0 << 7 | Int($1 & 0x7F) : $0 << 8 | Int($1) }
        }
        var position = 10
        if header[5] & 0x40 != 0 {
            guard pread(descriptor, &header, 4, off_t(position)) == 4 else { return false }
            // The extended header's size counts itself in 2.4, not in 2.3.
            position += version == 4 ? sizeOf(header[0..<4], true) : 4 + sizeOf(header[0..<4], false)
        }
        while position + 10 <= tagEnd {
            guard pread(descriptor, &header, 10, off_t(position)) == 10, header[0] != 0 else { return false }
            if header.starts(with: Array("CHAP".utf8)) { return true }
            position += 10 + sizeOf(header[4..<8], version == 4)
        }
        return false
    }

    /// The offset just past the ID3v2 tag at the start of the file (0 when it has none).
    private static func tagEnd(_ descriptor: Int32, fileSize: Int) throws(TagReadFailure) -> Int {
        var header = [UInt8](repeating: 0, count: 10)
        let count = pread(descriptor, &header, 10, 0)
        guard count >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        guard count == 10, header.starts(with: Array("ID3".utf8)) else { return 0 }
        guard header[3] != 0xFF, header[4] != 0xFF, header[6...9].allSatisfy({ $0 < 0x80 }) else { return 0 }
        let declared = header[6...9].reduce(0) { $0 << 7 | Int($1) }
        let footer = header[5] & 0x10 != 0 ? 10 : 0
        let tagBytes = 10 + declared + footer
        guard tagBytes <= maximumTagBytes else { throw .oversizedTag(bytes: tagBytes) }
        guard tagBytes <= fileSize else { throw .truncated }
        return tagBytes
    }

    /// Finds a frame confirmed by the next one in `window`, which starts where the audio does.
    private static func findFrames(_ window: UnsafeRawBufferPointer, reachesEndOfFile: Bool) throws(TagReadFailure) {
        let lastStart = min(window.count - 4, searchWindow)
        guard lastStart >= 0 else { throw .truncated }
        for offset in 0...lastStart {
            guard let header = MPEGFrameHeader(window, at: offset) else { continue }
            let next = offset + header.frameLength
            if let following = MPEGFrameHeader(window, at: next), header.continues(with: following) { return }
            if reachesEndOfFile, next == window.count { return }
            if offset == 0, reachesEndOfFile, next > window.count { throw .truncated }
        }
        throw .notMP3
    }
}
