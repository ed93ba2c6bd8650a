/// Why a station could not be added or removed; every ``description`` says what was wrong
/// and what to do (SPEC §9).
public enum StationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The station's URL (or its artwork's, when `field` is `artwork`) is not an `http://` or
    /// `https://` URL with a host of at most ``StationDraft/maximumURLLength`` bytes.
    case badURL(field: String, url: String, reason: String)
    /// The name is empty once trimmed, too long or holds control characters.
    case badName(String, reason: String)
    /// No station has this identifier.
    case notFound(identifier: String)
    /// The database could not be read or written.
    case store(StoreError)

    /// A sentence that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .badURL(let field, let url, let reason):
            "\(field) '\(Self.shortened(url))' \(reason); give an http:// or https:// URL with a host,"
                + " such as https://radio.example/stream.mp3"
        case .badName(let name, let reason):
            "the station name '\(Self.shortened(name))' \(reason); give a name of"
                + " \(StationDraft.nameLength.lowerBound) to \(StationDraft.nameLength.upperBound) characters"
        case .notFound(let identifier):
            "no radio station has the identifier \(Self.shortened(identifier));"
                + " list the stations and their identifiers with: rondo radio"
        case .store(let error):
            "the radio stations could not be read or saved: \(error)"
        }
    }

    /// `text` cut to its first 80 characters, so that a message quoting a huge value stays readable.
    private static func shortened(_ text: String) -> String {
        text.count <= 80 ? text : text.prefix(80) + "…"
    }
}
