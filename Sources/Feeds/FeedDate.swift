/// The dates of feeds: RSS's RFC 822 (`Tue, 10 Jun 2003 04:00:00 GMT`) as publishers
/// actually write it (no weekday, no seconds, two-digit years, full month names, named or
/// numeric zones, none) and Atom's ISO 8601 (`2003-06-10T04:00:00Z`, with a fraction or
/// an offset, or a date alone). Pure and locale-free.
enum FeedDate {
    /// Seconds since 1970 UTC; `nil` when `text` is no date of either form.
    static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingXMLSpace
        guard !trimmed.isEmpty, trimmed.utf8.count < 64 else { return nil }
        if let first = trimmed.utf8.first, (0x30...0x39).contains(first), trimmed.utf8.count >= 10,
            Array(trimmed.utf8)[4] == UInt8(ascii: "-")
        {
            return iso8601(Array(trimmed.utf8))
        }
        return rfc822(trimmed)
    }

    // MARK: RFC 822

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let zones: [String: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
        "pst": -8, "pdt": -7, "bst": 1, "cet": 1, "cest": 2,
    ]

    private static func rfc822(_ text: String) -> Double? {
        let words = text.lowercased().split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
        // The weekday, when there is one, is the only word before the day's number.
        let parts = words.first.map { Int($0) == nil } == true ? Array(words.dropFirst()) : words
        guard parts.count >= 4, let day = Int(parts[0]),
            let month = months.firstIndex(where: { parts[1].hasPrefix($0) }).map({ $0 + 1 }),
            var year = Int(parts[2])
        else { return nil }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        let clock = parts[3].split(separator: ":").map { Int($0) }
        guard clock.count >= 2, clock.count <= 3, clock.allSatisfy({ $0 != nil }) else { return nil }
        let offset = parts.count > 4 ? zoneOffset(parts[4]) : 0
        guard let offset else { return nil }
        return seconds(
            year: year, month: month, day: day, hour: clock[0]!, minute: clock[1]!, second: clock.count == 3 ? clock[2]! : 0,
            offset: offset)
    }

    /// Seconds east of UTC of a zone written `+0200`, `-05:00` or by name; `nil` when unknown.
    private static func zoneOffset(_ zone: String) -> Int? {
        if let hours = zones[zone] { return hours * 3600 }
        if zone.count == 1, zone.first?.isLetter == true { return 0 }
        let sign: Int
        switch zone.first {
        case "+": sign = 1
        case "-": sign = -1
        default: return nil
        }
        let digits = zone.dropFirst().filter(\.isNumber)
        guard digits.count == 4, let value = Int(digits) else { return nil }
        return sign * (value / 100 * 3600 + value % 100 * 60)
    }

    // MARK: ISO 8601

    private static func iso8601(_ bytes: [UInt8]) -> Double? {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let year = number(0..<4), let month = number(5..<7), bytes.count >= 10, bytes[7] == UInt8(ascii: "-"),
            let day = number(8..<10)
        else { return nil }
        guard bytes.count > 10 else { return seconds(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, offset: 0) }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), let hour = number(11..<13),
            bytes.count >= 16, bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16)
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = number(17..<19) else { return nil }
            second = value
            index = 19
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        let zone = String(decoding: bytes[index...], as: UTF8.self)
        let offset = zone.isEmpty ? 0 : zoneOffset(zone.lowercased())
        guard let offset else { return nil }
        return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    // MARK: Civil time

    /// Seconds since 1970 UTC of a civil time `offset` seconds east of UTC; `nil` when a
    /// field is out of range.
    static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Double? {
        guard (1..<10_000).contains(year), (1...12).contains(month), (1...31).contains(day), (0...24).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // Days from 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset)
    }
}

/// `itunes:duration` as publishers write it: `1:02:03`, `62:03`, `3723`, `3723.5`.
enum FeedDuration {
    /// Seconds; `nil` for anything else, negative or past a year.
    static func parse(_ text: String) -> Double? {
        let parts = text.trimmingXMLSpace.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard let value = isLast ? Double(part) : Double(Int(part) ?? -1), value >= 0, value.isFinite else { return nil }
            if !isLast, parts.count > 1, index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total < 366 * 86_400 ? total : nil
    }
}
