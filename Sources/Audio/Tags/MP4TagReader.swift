import TagReading

/// Reads the iTunes metadata of an MPEG-4 audio file (`.m4a`, `.m4b`, `.mp4`): the `ilst`
/// items `©nam ©ART aART ©alb ©day ©gen gnre ©wrt trkn disk covr`, the ReplayGain
/// freeform items (`----` with mean `com.apple.iTunes`), and the audio track's rate,
/// channels and length (its edit list's, which leaves out the encoder's priming and padding).
///
/// Pure Swift, box by box: only box headers and the boxes it uses are read, each at most
/// ``maximumBoxRead`` bytes; `mdat` and everything else are skipped by offset. A box that
/// runs past its parent or the file, more than ``maximumBoxes`` boxes, or no audio track
/// make the file ``TagReadFailure/malformed(format:reason:)``.
struct MP4TagReader {
    /// The most boxes looked at before the file is taken to be damaged.
    static let maximumBoxes = 100_000
    /// The largest box read whole (an `ilst` with its cover): larger ones are damaged.
    static let maximumBoxRead = 32 * 1024 * 1024
    private static let format = "MP4"

    let file: TagFile

    /// One box: its type and where its body lies.
    private struct Box {
        var type: String
        var body: Range<Int>
    }

    /// Reads the file's metadata.
    /// - Throws: ``TagReadFailure`` saying what is wrong with the file.
    func read() throws(TagReadFailure) -> FileTags {
        var budget = Self.maximumBoxes
        let top = try boxes(in: 0..<file.size, budget: &budget)
        guard top.first?.type == "ftyp" else { throw Self.damaged("it does not begin with an ftyp box") }
        guard let movie = top.first(where: { $0.type == "moov" }) else { throw Self.damaged("no moov box") }
        let inMovie = try boxes(in: movie.body, budget: &budget)
        var tags = FileTags()
        let movieScale = try inMovie.first { $0.type == "mvhd" }.map { box throws(TagReadFailure) in try header(box).timescale }
        var foundAudio = false
        for track in inMovie where track.type == "trak" {
            if try readAudioTrack(track, movieScale: movieScale, into: &tags, budget: &budget) {
                foundAudio = true
                break
            }
        }
        guard foundAudio else { throw Self.damaged("no audio track") }
        guard let rate = tags.sampleRate, rate > 0, let channels = tags.channels, channels > 0 else {
            throw Self.damaged("its audio track describes no sample rate or channels")
        }
        if let items = try path(["udta", "meta", "ilst"], from: inMovie, budget: &budget) {
            try readItems(items, into: &tags, budget: &budget)
        }
        tags.hasChapterMarks = try hasChapterMarks(inMovie, budget: &budget)
        return tags
    }

    /// Whether the movie marks chapters: a Nero `chpl` box in its `udta`, or a track that
    /// names a chapter track (`tref`/`chap`), as iTunes and `ffmpeg` write them.
    private func hasChapterMarks(_ inMovie: [Box], budget: inout Int) throws(TagReadFailure) -> Bool {
        if try path(["udta", "chpl"], from: inMovie, budget: &budget) != nil { return true }
        for track in inMovie where track.type == "trak" {
            if try path(["tref", "chap"], from: boxes(in: track.body, budget: &budget), budget: &budget) != nil { return true }
        }
        return false
    }

    // MARK: The audio track

    /// Reads rate, channels and length when `track` is a sound track; false for another.
    private func readAudioTrack(
        _ track: Box, movieScale: Int?, into tags: inout FileTags, budget: inout Int
    ) throws(TagReadFailure) -> Bool {
        let inTrack = try boxes(in: track.body, budget: &budget)
        guard let media = inTrack.first(where: { $0.type == "mdia" }) else { return false }
        let inMedia = try boxes(in: media.body, budget: &budget)
        guard let handler = inMedia.first(where: { $0.type == "hdlr" }), handler.body.count >= 12,
            try String(decoding: file.exactly(4, at: handler.body.lowerBound + 8, or: Self.damaged("a short hdlr box")), as: UTF8.self) == "soun"
        else { return false }
        if let mediaHeader = inMedia.first(where: { $0.type == "mdhd" }) {
            let (scale, length) = try header(mediaHeader)
            if scale > 0 { tags.duration = Double(length) / Double(scale) }
        }
        if let movieScale, movieScale > 0, let edited = try editedLength(inTrack, budget: &budget) {
            tags.duration = Double(edited) / Double(movieScale)
        }
        if let entry = try path(["minf", "stbl", "stsd"], from: inMedia, budget: &budget), entry.body.count >= 8 + 36 {
            // stsd: version and flags, entry count, then the first sample entry's box.
            let sample = try file.exactly(36, at: entry.body.lowerBound + 8, or: Self.damaged("a short stsd box"))
            tags.channels = Int(sample[24]) << 8 | Int(sample[25])
            tags.sampleRate = Int(sample[32]) << 8 | Int(sample[33])
        }
        return true
    }

    /// The first segment's length of the track's edit list, in the movie's timescale.
    private func editedLength(_ inTrack: [Box], budget: inout Int) throws(TagReadFailure) -> Int? {
        guard let list = try path(["edts", "elst"], from: inTrack, budget: &budget), list.body.count >= 16 else { return nil }
        let head = try file.exactly(min(list.body.count, 28), at: list.body.lowerBound, or: Self.damaged("a short elst box"))
        var cursor = ByteCursor(head)
        guard let versionAndFlags = cursor.uint32BE(), let count = cursor.uint32BE(), count >= 1 else { return nil }
        let wide = versionAndFlags >> 24 == 1
        guard wide, let high = cursor.uint32BE(), let low = cursor.uint32BE() else { return cursor.uint32BE().map(Int.init) }
        return Self.int63(high: high, low: low)
    }

    /// Timescale and duration of an `mvhd` or `mdhd` box (version 0 or 1).
    private func header(_ box: Box) throws(TagReadFailure) -> (timescale: Int, duration: Int) {
        let head = try file.exactly(min(box.body.count, 32), at: box.body.lowerBound, or: Self.damaged("a short \(box.type) box"))
        var cursor = ByteCursor(head)
        guard let versionAndFlags = cursor.uint32BE() else { throw Self.damaged("a short \(box.type) box") }
        if versionAndFlags >> 24 == 1 {
            guard cursor.skip(16), let scale = cursor.uint32BE(), let high = cursor.uint32BE(), let low = cursor.uint32BE() else {
                throw Self.damaged("a short \(box.type) box")
            }
            return (Int(scale), Self.int63(high: high, low: low))
        }
        guard cursor.skip(8), let scale = cursor.uint32BE(), let length = cursor.uint32BE() else {
            throw Self.damaged("a short \(box.type) box")
        }
        return (Int(scale), Int(length))
    }

    // MARK: The iTunes items

    /// Fills `tags` from the items of `list` (an `ilst` box).
    private func readItems(_ list: Box, into tags: inout FileTags, budget: inout Int) throws(TagReadFailure) {
        guard list.body.count <= Self.maximumBoxRead else { throw Self.damaged("an ilst box of \(list.body.count) bytes") }
        for item in try boxes(in: list.body, budget: &budget) {
            let parts = try boxes(in: item.body, budget: &budget)
            guard let data = parts.first(where: { $0.type == "data" }), data.body.count >= 8 else { continue }
            let bytes = try file.exactly(data.body.count, at: data.body.lowerBound, or: Self.damaged("a short data box"))
            let kind = Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            let value = Array(bytes[8...])
            let text = kind == 1 ? TagText.nonEmpty(String(decoding: value, as: UTF8.self)) : nil
            switch item.type {
            case "\u{A9}nam": tags.title = tags.title ?? text
            case "\u{A9}ART": tags.artist = tags.artist ?? text
            case "aART": tags.albumArtist = tags.albumArtist ?? text
            case "\u{A9}alb": tags.album = tags.album ?? text
            case "\u{A9}gen": tags.genre = tags.genre ?? text
            case "gnre": tags.genre = tags.genre ?? (value.count >= 2 ? ID3Genre.name((Int(value[0]) << 8 | Int(value[1])) - 1) : nil)
            case "\u{A9}wrt": tags.composer = tags.composer ?? text
            case "\u{A9}day": tags.year = tags.year ?? text.flatMap(TagText.year)
            case "trkn": tags.trackNumber = tags.trackNumber ?? Self.position(value)
            case "disk": tags.discNumber = tags.discNumber ?? Self.position(value)
            case "covr":
                guard tags.picture == nil, !value.isEmpty else { continue }
                let declared = kind == 13 ? "image/jpeg" : kind == 14 ? "image/png" : nil
                tags.picture = EmbeddedPicture(data: value, declaredMimeType: declared)
            case "----":
                guard let name = try freeformName(parts), let text else { continue }
                if !tags.musicBrainz.record(name, text) { tags.replayGain.record(name.uppercased(), text) }
            default: continue
            }
        }
    }

    /// The name of a freeform item whose mean is `com.apple.iTunes`.
    private func freeformName(_ parts: [Box]) throws(TagReadFailure) -> String? {
        guard let mean = parts.first(where: { $0.type == "mean" }), let name = parts.first(where: { $0.type == "name" }),
            mean.body.count > 4, name.body.count > 4, mean.body.count <= 256, name.body.count <= 256
        else { return nil }
        let meaning = try file.exactly(mean.body.count - 4, at: mean.body.lowerBound + 4, or: Self.damaged("a short mean box"))
        guard String(decoding: meaning, as: UTF8.self) == "com.apple.iTunes" else { return nil }
        let named = try file.exactly(name.body.count - 4, at: name.body.lowerBound + 4, or: Self.damaged("a short name box"))
        return String(decoding: named, as: UTF8.self)
    }

    /// The number in a `trkn` or `disk` value (two bytes of padding, then the number).
    private static func position(_ value: [UInt8]) -> Int? {
        guard value.count >= 4 else { return nil }
        let number = Int(value[2]) << 8 | Int(value[3])
        return number > 0 ? number : nil
    }

    // MARK: Boxes

    /// The box found by following `types` down from `boxes`; `meta` is a full box (four
    /// bytes of version and flags before its children), unless it is a QuickTime one.
    private func path(_ types: [String], from start: [Box], budget: inout Int) throws(TagReadFailure) -> Box? {
        var level = start
        var found: Box?
        for (index, type) in types.enumerated() {
            guard var box = level.first(where: { $0.type == type }) else { return nil }
            if type == "meta", box.body.count >= 8,
                try file.exactly(4, at: box.body.lowerBound + 4, or: Self.damaged("a short meta box")) != Array("hdlr".utf8)
            {
                box.body = box.body.lowerBound + 4..<box.body.upperBound
            }
            found = box
            if index < types.count - 1 { level = try boxes(in: box.body, budget: &budget) }
        }
        return found
    }

    /// The boxes that fill `range`, in order.
    private func boxes(in range: Range<Int>, budget: inout Int) throws(TagReadFailure) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            budget -= 1
            guard budget >= 0 else { throw Self.damaged("more than \(Self.maximumBoxes) boxes") }
            var cursor = ByteCursor(try file.exactly(8, at: offset, or: Self.damaged("the file ends inside a box header")))
            guard let declared = cursor.uint32BE(), let type = cursor.take(4) else { break }
            var headerLength = 8
            var length = Int(declared)
            if declared == 1 {
                var wide = ByteCursor(try file.exactly(8, at: offset + 8, or: Self.damaged("a short 64-bit box size")))
                guard let high = wide.uint32BE(), let low = wide.uint32BE(), high < 0x10000 else {
                    throw Self.damaged("a box of more than 2^48 bytes")
                }
                length = Int(high) << 32 | Int(low)
                headerLength = 16
            } else if declared == 0 {
                length = range.upperBound - offset
            }
            // Box types are four Latin-1 characters (`©nam` begins with 0xA9).
            let name = String(type.map { Character(Unicode.Scalar($0)) })
            guard length >= headerLength, offset + length <= range.upperBound else {
                throw Self.damaged("the \(name) box declares \(length) bytes, past the end of its parent")
            }
            found.append(Box(type: name, body: offset + headerLength..<offset + length))
            offset += length
        }
        return found
    }

    /// A 64-bit field as a non-negative `Int`: its top bit (a hostile file's) is dropped.
    static func int63(high: UInt32, low: UInt32) -> Int {
        Int((UInt64(high) << 32 | UInt64(low)) & 0x7FFF_FFFF_FFFF_FFFF)
    }

    private static func damaged(_ reason: String) -> TagReadFailure {
        .malformed(format: format, reason: reason)
    }
}
