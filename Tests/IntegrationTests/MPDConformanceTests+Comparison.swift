import Foundation

// MARK: - The comparison

extension MPDConformanceTests {
    /// A reply's `NAME: VALUE` field.
    struct Field: Equatable {
        var name: String
        var value: String

        init(_ line: String) {
            guard let colon = line.range(of: ": ") else {
                (name, value) = (line.hasSuffix(":") ? String(line.dropLast()) : line, "")
                return
            }
            (name, value) = (String(line[..<colon.lowerBound]), String(line[colon.upperBound...]))
        }

        var line: String { "\(name): \(value)" }
    }

    /// The fields that start an entry of a listing.
    static let entryStarts: Set<String> = ["file", "directory", "outputid", "list_OK"]

    /// How Rondo's reply differs from MPD's beyond `tolerated`, one sentence each.
    static func differences(_ mpd: [String], _ rondo: [String], _ check: Check, _ tolerated: Set<Tolerance>) -> [String] {
        if tolerated.contains(.anyReply) { return [] }
        let (mpdEnd, rondoEnd) = (mpd.last ?? "", rondo.last ?? "")
        if mpdEnd.hasPrefix("ACK ") || rondoEnd.hasPrefix("ACK ") {
            if mpd == rondo { return [] }
            if tolerated.contains(.ackWording), mpd.dropLast() == rondo.dropLast(), ackHead(mpdEnd) == ackHead(rondoEnd), !mpdEnd.isEmpty {
                return []
            }
            return ["MPD answers `\(mpdEnd)`, Rondo `\(rondoEnd)`"]
        }
        let (mpdFields, rondoFields) = (mpd.dropLast().map(Field.init), rondo.dropLast().map(Field.init))
        switch check {
        case .listedByMPD(let name): return listed(name, mpdFields, rondoFields, tolerated)
        case .fields: return entryDifferences(entries(mpdFields), entries(rondoFields), tolerated)
        }
    }

    /// `ACK [CODE@INDEX] {COMMAND}` of an ACK line.
    static func ackHead(_ line: String) -> Substring? {
        line.firstIndex(of: "}").map { line[...$0] }
    }

    /// The values of `name` Rondo lists that MPD does not, or in another order.
    static func listed(_ name: String, _ mpd: [Field], _ rondo: [Field], _ tolerated: Set<Tolerance>) -> [String] {
        let mpdValues = mpd.filter { $0.name == name }.map(\.value)
        var extra: Set<String> = []
        for case .mayList(name, let values) in tolerated { extra.formUnion(values) }
        var found: [String] = []
        var last = -1
        for field in rondo where field.name == name && !extra.contains(field.value) {
            guard let index = mpdValues.firstIndex(of: field.value) else {
                found.append("Rondo lists `\(field.line)`, MPD does not")
                continue
            }
            if index < last { found.append("Rondo lists `\(field.line)` later than MPD does") }
            last = max(last, index)
        }
        return found
    }

    /// A listing cut into entries; what precedes the first entry is one more, first.
    static func entries(_ fields: [Field]) -> [[Field]] {
        var entries: [[Field]] = [[]]
        for field in fields {
            if entryStarts.contains(field.name) { entries.append([]) }
            entries[entries.count - 1].append(field)
        }
        return entries
    }

    /// How Rondo's entries differ from MPD's.
    static func entryDifferences(_ mpd: [[Field]], _ rondo: [[Field]], _ tolerated: Set<Tolerance>) -> [String] {
        var (mpd, rondo) = (mpd, rondo)
        for case .mayOmitEntries(let start) in tolerated {
            let rondoHeads = Set(rondo.compactMap(\.first?.line))
            mpd.removeAll { $0.first?.name == start && !rondoHeads.contains($0.first!.line) }
        }
        for case .mayAddEntries(let field, let values) in tolerated {
            rondo.removeAll { entry in entry.contains { $0.name == field && values.contains($0.value) } }
        }
        if tolerated.contains(.anyOrder) {
            func sorted(_ list: [[Field]]) -> [[Field]] {
                [list[0]] + list.dropFirst().sorted { ($0.first?.line ?? "") < ($1.first?.line ?? "") }
            }
            (mpd, rondo) = (sorted(mpd), sorted(rondo))
        }
        guard mpd.count == rondo.count else {
            let heads = { (list: [[Field]]) in list.dropFirst().compactMap(\.first?.line).joined(separator: ", ") }
            return ["MPD lists \(mpd.count - 1) entries (\(heads(mpd))), Rondo \(rondo.count - 1) (\(heads(rondo)))"]
        }
        var found: [String] = []
        for (index, (expected, actual)) in zip(mpd, rondo).enumerated() {
            let place = index == 0 ? "" : "entry \(index) (\(expected.first?.line ?? "")): "
            if index > 0, expected.first != actual.first {
                found.append("entry \(index) is `\(expected.first?.line ?? "")` in MPD, `\(actual.first?.line ?? "")` in Rondo")
                continue
            }
            var expected = expected
            for case .mayOmit(let name) in tolerated where !actual.contains(where: { $0.name == name }) {
                expected.removeAll { $0.name == name }
            }
            guard expected.map(\.name) == actual.map(\.name) else {
                let names = { (list: [Field]) in list.map(\.name).joined(separator: ", ") }
                found.append("\(place)fields MPD [\(names(expected))], Rondo [\(names(actual))]")
                continue
            }
            for (mine, theirs) in zip(expected, actual) where !sameValue(mine.name, mine.value, theirs.value, tolerated) {
                found.append("\(place)`\(mine.name)`: MPD `\(mine.value)`, Rondo `\(theirs.value)`")
            }
        }
        return found
    }

    /// Whether two values of the field `name` match, given what is tolerated.
    static func sameValue(_ name: String, _ mpd: String, _ rondo: String, _ tolerated: Set<Tolerance>) -> Bool {
        if mpd == rondo || tolerated.contains(.anyValue(name)) { return true }
        for tolerance in tolerated {
            switch tolerance {
            case .near(name, let within):
                if let a = Double(mpd), let b = Double(rondo), abs(a - b) <= within + 1e-9 { return true }
            case .sameTotal(name):
                if mpd.split(separator: ":").last == rondo.split(separator: ":").last { return true }
            default: continue
            }
        }
        return false
    }

    /// What a failed step shows: the request, the differences, and both replies side by side.
    static func report(_ request: String, _ found: [String], _ mpd: [String], _ rondo: [String]) -> String {
        let width = max(24, min(60, (mpd.map(\.count).max() ?? 0) + 2))
        let pad = { (text: String) in text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
        var lines = ["`\(request.replacingOccurrences(of: "\n", with: " ⏎ "))`: Rondo differs from MPD:"]
        lines += found.map { "  - " + $0 }
        lines.append("    " + pad("MPD") + " | Rondo")
        for index in 0..<max(mpd.count, rondo.count) {
            let (left, right) = (index < mpd.count ? mpd[index] : "", index < rondo.count ? rondo[index] : "")
            lines.append((left == right ? "    " : "  * ") + pad(left) + " | " + right)
        }
        return lines.joined(separator: "\n")
    }
}
