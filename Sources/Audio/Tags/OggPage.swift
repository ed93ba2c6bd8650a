/// The header of one Ogg page: `OggS`, version 0, flags, the 64-bit granule position, the
/// stream serial number, the page sequence number, the CRC and the segment table.
struct OggPage {
    /// The fixed part of a page header, before the segment table.
    static let fixedHeaderLength = 27
    /// A granule position of all ones: no packet ends on the page.
    static let noGranule: Int64 = -1

    /// The granule position: for Vorbis the sample count, for Opus the 48 kHz sample count,
    /// at the end of the last packet that ends on the page.
    let granule: Int64
    /// The logical stream the page belongs to.
    let serial: UInt32
    /// The lacing values: each packet is the sum of a run of 255s and the value below 255
    /// that ends it; a page ending on 255 continues its last packet on the next page.
    let segments: [UInt8]

    /// The page header's length, segment table included.
    var headerLength: Int { Self.fixedHeaderLength + segments.count }
    /// The length of the page's body.
    var bodyLength: Int { segments.reduce(0) { $0 + Int($1) } }

    /// Reads the fixed header at the start of `header`; `nil` unless it starts with `OggS`
    /// and version 0. The segment table, read separately, is given as `segments`.
    init?(_ header: ArraySlice<UInt8>, segments: [UInt8] = []) {
        guard header.count >= Self.fixedHeaderLength, header.starts(with: Self.capturePattern) else { return nil }
        var cursor = ByteCursor(Array(header.prefix(Self.fixedHeaderLength)))
        guard cursor.skip(4), cursor.uint8() == 0, cursor.skip(1), let low = cursor.uint32LE(), let high = cursor.uint32LE(),
            let serial = cursor.uint32LE()
        else { return nil }
        granule = Int64(bitPattern: UInt64(high) << 32 | UInt64(low))
        self.serial = serial
        self.segments = segments
    }

    /// How many segments the fixed header at the start of `header` says the table has.
    static func segmentCount(_ header: ArraySlice<UInt8>) -> Int {
        Int(header[header.startIndex + 26])
    }

    /// `OggS`, the bytes every page starts with.
    static let capturePattern = Array("OggS".utf8)
}
