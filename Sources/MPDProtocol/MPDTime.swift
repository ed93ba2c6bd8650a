/// Times as MPD reads and prints them: ISO 8601 in UTC (`2026-11-29T10:00:00Z`), or
/// seconds since the Unix epoch.
public enum MPDTime {
    /// `seconds` since the epoch as MPD prints a time.
    public static func iso8601(seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let clock = seconds - days * 86_400
        // Howard Hinnant's days-to-civil algorithm.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(clock / 3600)):\(two(clock / 60 % 60)):\(two(clock % 60))Z"
    }

    /// `text`, a time a client sends (ISO 8601 in UTC with or without its `Z`, a date alone,
    /// or seconds since the epoch), as MPD prints a time, so that times compare as text;
    /// `nil` for anything else.
    public static func iso8601(_ text: String) -> String? {
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int64(text), seconds < 253_402_300_800 {
            return iso8601(seconds: seconds)
        }
        var trimmed = Substring(text)
        if trimmed.hasSuffix("Z") { trimmed = trimmed.dropLast() }
        let parts = trimmed.split(separator: "T", maxSplits: 1)
        guard let date = parts.first else { return nil }
        let day = date.split(separator: "-")
        let time = parts.count == 2 ? parts[1].split(separator: ":") : ["00", "00", "00"]
        guard day.count == 3, time.count == 3, day[0].count == 4,
            let year = Int(day[0]), let month = Int(day[1]), let dayNumber = Int(day[2]), (1...12).contains(month),
            (1...31).contains(dayNumber), let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second), year >= 0
        else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day[0])-\(two(month))-\(two(dayNumber))T\(two(hour)):\(two(minute)):\(two(second))Z"
    }
}
