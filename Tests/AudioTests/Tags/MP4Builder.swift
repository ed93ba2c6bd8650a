/// Builds MPEG-4 audio files box by box for the MP4 tag reader's tests: the boxes a tagger
/// writes (`ftyp`, `moov` with one track, `udta/meta/ilst` items), each where a test wants it.
enum MP4Builder {
    static func uint32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func uint16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    /// A box: its size, its four Latin-1 type characters, its body.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        uint32(8 + body.count) + type.unicodeScalars.map { UInt8($0.value) } + body
    }

    /// An `ilst` item holding one `data` box of well-known type `kind`.
    static func item(_ type: String, kind: Int, _ value: [UInt8]) -> [UInt8] {
        box(type, box("data", uint32(kind) + uint32(0) + value))
    }

    /// A UTF-8 text item.
    static func text(_ type: String, _ value: String) -> [UInt8] { item(type, kind: 1, Array(value.utf8)) }

    /// A `trkn` or `disk` item: number of total.
    static func position(_ type: String, _ number: Int, of total: Int) -> [UInt8] {
        item(type, kind: 0, uint16(0) + uint16(number) + uint16(total) + (type == "trkn" ? uint16(0) : []))
    }

    /// A freeform `----` item under `com.apple.iTunes`.
    static func freeform(_ name: String, _ value: String) -> [UInt8] {
        box(
            "----",
            box("mean", uint32(0) + Array("com.apple.iTunes".utf8)) + box("name", uint32(0) + Array(name.utf8))
                + box("data", uint32(1) + uint32(0) + Array(value.utf8)))
    }

    /// A whole file: one track of `handler` (`soun`) at `rate` and `channels`, `seconds`
    /// long by its edit list (a second longer by its media header), with `items`.
    static func file(
        items: [[UInt8]], handler: String = "soun", rate: Int = 44_100, channels: Int = 2, seconds: Int = 5
    ) -> [UInt8] {
        let movieHeader = box("mvhd", uint32(0) + uint32(0) + uint32(0) + uint32(1000) + uint32(seconds * 1000) + [UInt8](repeating: 0, count: 80))
        let mediaHeader = box("mdhd", uint32(0) + uint32(0) + uint32(0) + uint32(rate) + uint32((seconds + 1) * rate) + uint32(0))
        let handlerBox = box("hdlr", uint32(0) + uint32(0) + handler.unicodeScalars.map { UInt8($0.value) } + [UInt8](repeating: 0, count: 13))
        let sampleEntry = box(
            "mp4a",
            [UInt8](repeating: 0, count: 6) + uint16(1) + uint16(0) + uint16(0) + uint32(0) + uint16(channels) + uint16(16)
                + uint16(0) + uint16(0) + uint16(rate) + uint16(0))
        let sampleTable = box("minf", box("stbl", box("stsd", uint32(0) + uint32(1) + sampleEntry)))
        let edits = box("edts", box("elst", uint32(0) + uint32(1) + uint32(seconds * 1000) + uint32(1024) + uint32(0x10000)))
        let track = box("trak", edits + box("mdia", handlerBox + mediaHeader + sampleTable))
        let metadata = box(
            "udta",
            box(
                "meta",
                uint32(0) + box("hdlr", uint32(0) + uint32(0) + Array("mdirappl".utf8) + [UInt8](repeating: 0, count: 9))
                    + box("ilst", items.flatMap { $0 })))
        return box("ftyp", Array("M4A ".utf8) + uint32(0) + Array("M4A mp42isom".utf8)) + box("moov", movieHeader + track + metadata)
            + box("mdat", [UInt8](repeating: 0x21, count: 64))
    }

    /// Where every box header of `bytes` is, containers opened (a full box's body after
    /// its four bytes of version and flags): the size fields a fuzzer damages.
    static func boxOffsets(_ bytes: [UInt8], in range: Range<Int>? = nil) -> [Int] {
        let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "udta", "ilst", "edts", "----"]
        var offsets: [Int] = []
        var offset = range?.lowerBound ?? 0
        let end = range?.upperBound ?? bytes.count
        while offset + 8 <= end {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(bytes[offset + 4..<offset + 8].map { Character(Unicode.Scalar($0)) })
            guard size >= 8, offset + size <= end else { break }
            offsets.append(offset)
            if containers.contains(type) || type.hasPrefix("\u{A9}") || ["aART", "trkn", "disk", "covr", "gnre"].contains(type) {
                offsets += boxOffsets(bytes, in: offset + 8..<offset + size)
            } else if type == "meta" {
                offsets += boxOffsets(bytes, in: offset + 12..<offset + size)
            }
            offset += size
        }
        return offsets
    }
}
