import ContentIdentifiers
import Foundation

/// A station as `radio.add` asks for it, checked: what the store keeps once it is added.
///
/// The URL must be `http://` or `https://` with a host, at most ``maximumURLLength`` bytes,
/// without spaces or control characters; so must the artwork's, when given. A name is
/// trimmed of surrounding spaces and must then be ``nameLength`` characters without control
/// characters; without one, a new station is named after its URL's host.
public struct StationDraft: Equatable, Sendable {
    /// The longest URL taken, in bytes.
    public static let maximumURLLength = 8192
    /// How many characters a name may have.
    public static let nameLength = 1...200

    /// The stream's URL.
    public let url: String
    /// The name asked for; `nil` keeps the name a station with this URL already has.
    public let name: String?
    /// The artwork's URL asked for; `nil` keeps the one a station with this URL already has.
    public let artworkURL: String?

    /// Checks what `radio.add` was given.
    /// - Parameters:
    ///   - url: the stream's URL.
    ///   - name: what to call the station, if anything.
    ///   - artworkURL: a picture of the station, if any.
    /// - Throws: ``StationError/badURL(field:url:reason:)`` or ``StationError/badName(_:reason:)``.
    public init(url: String, name: String?, artworkURL: String?) throws(StationError) {
        try Self.check(url, field: "url")
        if let artworkURL { try Self.check(artworkURL, field: "artwork") }
        self.url = url
        if let name { self.name = try Self.checkedName(name) } else { self.name = nil }
        self.artworkURL = artworkURL
    }

    /// The identifier of the station with this URL: the same whenever it is added.
    public var identifier: String {
        CatalogIdentifier.make(CatalogIdentifier.stationPrefix, key: url)
    }

    /// The name a new station gets: the one asked for, else its URL's host.
    public var nameForNewStation: String {
        name ?? String((URL(string: url)?.host ?? url).prefix(Self.nameLength.upperBound))
    }

    private static func check(_ url: String, field: String) throws(StationError) {
        guard url.utf8.count <= maximumURLLength else {
            throw .badURL(field: field, url: url, reason: "is longer than \(maximumURLLength) bytes")
        }
        let scheme = url.prefix(8).lowercased()
        guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else {
            throw .badURL(field: field, url: url, reason: "is not an http:// or https:// URL")
        }
        guard !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || isControl($0) }) else {
            throw .badURL(field: field, url: url, reason: "holds spaces or control characters (write a space as %20)")
        }
        guard let host = URL(string: url)?.host, !host.isEmpty else {
            throw .badURL(field: field, url: url, reason: "has no host")
        }
    }

    private static func checkedName(_ name: String) throws(StationError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .badName(name, reason: "is empty") }
        guard trimmed.count <= nameLength.upperBound else {
            throw .badName(name, reason: "is \(trimmed.count) characters long")
        }
        guard !trimmed.unicodeScalars.contains(where: isControl) else {
            throw .badName(name, reason: "holds control characters")
        }
        return trimmed
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
