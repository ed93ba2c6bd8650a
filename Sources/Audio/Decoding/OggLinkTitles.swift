import Foundation
import TextEncodings

/// What a live Ogg stream says of the song playing: the comment header each new link of a
/// chained stream begins with (an Icecast station sends one per song). Its `ARTIST` and
/// `TITLE` are said as an ICY station says its song, `StreamTitle` = `ARTIST - TITLE`, so
/// both reach now-playing the same way; a link without a title says an empty one, which
/// clears the last song's. Each link is looked at once, and only a change is said.
///
/// A file's comments are its tags, read by the scanner: only live streams use this.
struct OggLinkTitles {
    /// The key a station's song title goes by (as in ICY metadata).
    static let streamTitleKey = "StreamTitle"

    private var serial: Int?
    private var title: String?

    /// What to say for the link with `serial`, whose comments `comments` reads (only when
    /// the link is new); `nil` when the link or its title is the same as before.
    mutating func said(byLink serial: Int, comments: () -> [String]) -> [String: String]? {
        guard serial != self.serial else { return nil }
        self.serial = serial
        let title = Self.streamTitle(comments: comments()) ?? ""
        guard title != (self.title ?? "") else { return nil }
        self.title = title
        return [Self.streamTitleKey: title]
    }

    /// `ARTIST - TITLE` from Vorbis comments (`KEY=value`, keys in any case), or the title
    /// alone; `nil` without a title.
    static func streamTitle(comments: [String]) -> String? {
        func first(_ key: String) -> String? {
            for comment in comments {
                guard let equals = comment.firstIndex(of: "="), comment[..<equals].uppercased() == key else { continue }
                let value = comment[comment.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
            return nil
        }
        guard let title = first("TITLE") else { return nil }
        return first("ARTIST").map { "\($0) - \(title)" } ?? title
    }

    /// The comments of a libvorbis or libopusfile comment header, as text: in `encoding`
    /// when the listener named one and the bytes are valid in it, else UTF-8 (as the format
    /// says), else Windows-1252; without control characters.
    static func comments(
        _ texts: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, lengths: UnsafeMutablePointer<Int32>?, count: Int32,
        encoding: TextEncoding? = nil
    ) -> [String] {
        guard let texts, let lengths, count > 0 else { return [] }
        return (0..<Int(count)).compactMap { index in
            guard let text = texts[index], lengths[index] >= 0 else { return nil }
            return text.withMemoryRebound(to: UInt8.self, capacity: Int(lengths[index])) {
                ControlCharacters.stripped(LenientText.decode(UnsafeBufferPointer(start: $0, count: Int(lengths[index])), hint: encoding))
            }
        }
    }
}
