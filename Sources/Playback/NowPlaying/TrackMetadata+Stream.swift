extension TrackMetadata {
    /// The key of a live stream's song title in what it says (ICY `StreamTitle`).
    public static let streamTitleKey = "StreamTitle"
    /// The key of a station's name in what it says (the `icy-name` header).
    public static let stationNameKey = "icy-name"

    /// This metadata with what a live stream said (SPEC §10): its `StreamTitle` is kept as
    /// ``streamTitle`` and split on the first ` - ` into ``artist`` and ``title`` (without one
    /// it is the title alone); its station name is the ``albumTitle``, and the title while
    /// no song title was said. Blank values say nothing.
    public func said(byStream said: [String: String]) -> TrackMetadata {
        var metadata = self
        if let station = Self.nonBlank(said[Self.stationNameKey]) {
            metadata.albumTitle = station
            if metadata.streamTitle == nil { metadata.title = station }
        }
        guard let raw = said[Self.streamTitleKey] else { return metadata }
        guard let text = Self.nonBlank(raw) else {
            metadata.streamTitle = nil
            metadata.artist = nil
            metadata.title = metadata.albumTitle ?? metadata.title
            return metadata
        }
        metadata.streamTitle = text
        if let dash = text.firstRange(of: " - "), let artist = Self.nonBlank(String(text[..<dash.lowerBound])),
            let title = Self.nonBlank(String(text[dash.upperBound...]))
        {
            (metadata.artist, metadata.title) = (artist, title)
        } else {
            (metadata.artist, metadata.title) = (nil, text)
        }
        return metadata
    }

    /// `text` without the white space around it; `nil` when nothing else is left.
    private static func nonBlank(_ text: String?) -> String? {
        guard let text, let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(text[first...last])
    }
}
