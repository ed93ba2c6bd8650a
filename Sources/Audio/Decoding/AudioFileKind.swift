/// What a file holds, told by its first bytes and never by its name.
enum AudioFileKind: Equatable {
    /// A native FLAC stream (`fLaC`, possibly after an ID3v2 tag).
    case flac
    /// An Ogg stream whose first packet is a Vorbis identification header (`\x01vorbis`).
    case vorbis
    /// An Ogg stream whose first packet is an Opus header (`OpusHead`).
    case opus
    /// An Ogg stream of another codec, or an Ogg page too damaged to tell.
    case otherOgg
    /// A RIFF/WAVE file.
    case wav
    /// An MPEG-4 file (`ftyp` box first): `.m4a`, `.m4b`, `.mp4`, with AAC or ALAC audio.
    case mp4
    /// Raw AAC in ADTS frames (`.aac`): a 12-bit sync word whose layer bits are 0.
    case adts
    /// Anything else, handed to the MPEG decoder, which rejects what is not MPEG audio.
    case mpeg

    /// How many leading bytes ``init(header:)`` needs at most: an Ogg page header with a
    /// full segment table and the start of the first packet.
    static let headerLength = 27 + 255 + 8

    /// Tells the kind from the file's first bytes (up to ``headerLength``; fewer for a short file).
    init(header: some Collection<UInt8>) {
        let bytes = Array(header)
        func starts(_ magic: String, at offset: Int = 0) -> Bool {
            let magic = Array(magic.utf8)
            return bytes.count >= offset + magic.count && bytes[offset..<offset + magic.count].elementsEqual(magic)
        }
        if starts("fLaC") {
            self = .flac
        } else if starts("OggS") {
            self = Self.oggCodec(bytes)
        } else if starts("RIFF"), starts("WAVE", at: 8) {
            self = .wav
        } else if starts("ftyp", at: 4) {
            self = .mp4
        } else if Self.isADTS(bytes) {
            self = .adts
        } else {
            self = .mpeg
        }
    }

    /// Whether `bytes` begin with an ADTS frame header: MPEG audio shares the sync word, but
    /// its layer bits are never 0.
    static func isADTS(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 7 && bytes[0] == 0xFF && bytes[1] & 0xF6 == 0xF0
    }

    /// The length of the ID3v2 tag `header` starts with (header included), or 0.
    static func id3v2Length(_ header: some Collection<UInt8>) -> Int {
        let bytes = Array(header.prefix(10))
        guard bytes.count == 10, bytes[0..<3].elementsEqual("ID3".utf8), bytes[6..<10].allSatisfy({ $0 < 0x80 }) else { return 0 }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1) }
        let footer = bytes[5] & 0x10 != 0 ? 10 : 0
        return 10 + size + footer
    }

    /// The codec of the Ogg stream whose first page `bytes` holds, from its first packet.
    private static func oggCodec(_ bytes: [UInt8]) -> Self {
        guard bytes.count > 27 else { return .otherOgg }
        let packetStart = 27 + Int(bytes[26])
        func packet(starts magic: [UInt8]) -> Bool {
            bytes.count >= packetStart + magic.count && bytes[packetStart..<packetStart + magic.count].elementsEqual(magic)
        }
        if packet(starts: [0x01] + Array("vorbis".utf8)) { return .vorbis }
        if packet(starts: Array("OpusHead".utf8)) { return .opus }
        return .otherOgg
    }
}
