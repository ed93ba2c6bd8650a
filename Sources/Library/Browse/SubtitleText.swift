/// The wording of subtitles.
enum SubtitleText {
    /// `1 song`, `3 songs`.
    static func counted(_ count: Int, _ one: String, _ many: String) -> String {
        count == 1 ? "1 \(one)" : "\(count) \(many)"
    }

    /// The parts that are present and not empty, joined; `nil` when none is.
    static func joined(_ parts: [String?], separator: String) -> String? {
        let present = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return present.isEmpty ? nil : present.joined(separator: separator)
    }
}
