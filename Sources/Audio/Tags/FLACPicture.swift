/// A FLAC PICTURE metadata block, as FLAC files hold it and as Ogg Vorbis and Opus files carry
/// it base64-encoded in a `METADATA_BLOCK_PICTURE` comment.
///
/// Layout (all integers 32-bit big-endian): picture type, MIME type length and text,
/// description length and text, width, height, colour depth, colour count, data length and
/// the image's bytes. Every length is checked against the bytes that are there.
struct FLACPicture {
    /// The ID3v2 APIC picture type: 3 is the front cover.
    let type: UInt32
    /// The image, described from its own bytes.
    let picture: EmbeddedPicture

    /// The front-cover picture type.
    static let frontCover: UInt32 = 3

    /// Parses a picture block's body; `nil` when a length runs past its end or the image is empty.
    init?(_ bytes: [UInt8]) {
        var cursor = ByteCursor(bytes)
        guard let type = cursor.uint32BE(), let mimeLength = cursor.uint32BE(), let mime = cursor.take(Int(mimeLength)),
            let descriptionLength = cursor.uint32BE(), cursor.skip(Int(descriptionLength)), cursor.skip(16),
            let dataLength = cursor.uint32BE(), dataLength > 0, let data = cursor.take(Int(dataLength))
        else { return nil }
        self.type = type
        let declared = String(decoding: mime, as: UTF8.self)
        picture = EmbeddedPicture(data: Array(data), declaredMimeType: declared.isEmpty ? nil : declared)
    }

    /// Whether `candidate` should replace `chosen`: the first front cover, or else the first
    /// picture of any type.
    static func prefers(_ candidate: FLACPicture, over chosen: FLACPicture?) -> Bool {
        guard let chosen else { return true }
        return chosen.type != frontCover && candidate.type == frontCover
    }
}
