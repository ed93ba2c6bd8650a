/// The cover image of an item, as the now-playing `artwork` key describes it.
public struct Artwork: Equatable, Sendable {
    /// MIME type of the image (`image/jpeg`, `image/png`), when known.
    public var mimeType: String?
    /// Width in pixels, when known.
    public var width: Int?
    /// Height in pixels, when known.
    public var height: Int?
    /// Where a client fetches the image (a `file://` URL).
    public var url: String

    /// Creates an artwork description.
    /// - Parameters:
    ///   - mimeType: the image's MIME type, when known.
    ///   - width: its width in pixels, when known.
    ///   - height: its height in pixels, when known.
    ///   - url: where the image can be read.
    public init(mimeType: String? = nil, width: Int? = nil, height: Int? = nil, url: String) {
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.url = url
    }
}
