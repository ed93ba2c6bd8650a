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

    /// A time as a clock shows it: `4:05`, `1:02:03` (whole seconds, rounded down).
    static func clock(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(Int(seconds), 0) : 0
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
