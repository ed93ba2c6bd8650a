/// An image embedded in a tag (an ID3v2 APIC frame), with what its header says about it.
///
/// The format and size come from the image's own bytes (``ImageHeader``), not from the
/// tag: taggers often declare `image/jpg` or nothing at all.
public struct EmbeddedPicture: Equatable, Sendable {
    /// The image file's bytes, exactly as embedded.
    public var data: [UInt8]
    /// `image/jpeg`, `image/png` or `image/gif` when the bytes are one of those; otherwise the
    /// MIME type the tag declares, lowercased; `nil` when neither is known.
    public var mimeType: String?
    /// Width in pixels, when the header says it.
    public var width: Int?
    /// Height in pixels, when the header says it.
    public var height: Int?
    /// The file name extension for the bytes (`jpg`, `png`, `gif`), `nil` for other formats.
    public var fileExtension: String?

    /// Describes the image in `data`.
    /// - Parameters:
    ///   - data: the image file's bytes.
    ///   - declaredMimeType: what the tag says the type is, used only when the bytes are not
    ///     a format the header reader knows.
    public init(data: [UInt8], declaredMimeType: String? = nil) {
        self.data = data
        let format = ImageHeader.format(of: data)
        let declared = declaredMimeType?.lowercased()
        mimeType = format?.mimeType ?? (declared?.contains("/") == true ? declared : nil)
        fileExtension = format?.fileExtension
        let size = ImageHeader.size(of: data)
        width = size?.width
        height = size?.height
    }
}
