import ContentIdentifiers
import Library
import Testing

/// What `radio.add` may be given: http(s) URLs with a host of at most 8192 bytes, names of
/// 1 to 200 characters, and messages that say what was wrong and what to do.
@Suite struct StationDraftTests {
    /// http and https URLs with a host are taken as given, in any case of scheme.
    @Test(arguments: [
        "http://radio.example/stream", "https://radio.example:8443/live.aac?sid=1", "HTTP://RADIO.EXAMPLE/x",
        "http://192.0.2.7:8000/", "https://[2001:db8::1]/jazz",
    ])
    func takesHTTPURLsWithAHost(_ url: String) throws {
        let draft = try StationDraft(url: url, name: nil, artworkURL: nil)
        #expect(draft.url == url)
        #expect(draft.identifier == CatalogIdentifier.make(CatalogIdentifier.stationPrefix, key: url))
        #expect(draft.identifier.hasPrefix("rondo:station:"))
    }

    /// Other schemes, paths, URLs without a host, with spaces or control characters, and
    /// URLs past 8192 bytes are refused, saying why.
    @Test(arguments: [
        ("ftp://radio.example/x", "is not an http:// or https:// URL"),
        ("/home/me/radio.mp3", "is not an http:// or https:// URL"),
        ("", "is not an http:// or https:// URL"),
        ("http://", "has no host"),
        ("https:///stream", "has no host"),
        ("http://radio.example/a b", "holds spaces or control characters"),
        ("http://radio.example/\u{7}", "holds spaces or control characters"),
        ("http://radio.example/" + String(repeating: "x", count: 8173), "is longer than 8192 bytes"),
    ])
    func refusesOtherURLs(_ url: String, _ reason: String) {
        do {
            _ = try StationDraft(url: url, name: "Jazz", artworkURL: nil)
            Issue.record("\(url) was taken")
        } catch {
            guard case .badURL(let field, _, let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(field == "url")
            #expect(why.hasPrefix(reason), "\(why)")
        }
    }

    /// A URL of exactly 8192 bytes is taken.
    @Test func takesAURLOfTheLongestLength() throws {
        let url = "http://radio.example/" + String(repeating: "x", count: 8171)
        #expect(url.utf8.count == 8192)
        #expect(try StationDraft(url: url, name: nil, artworkURL: nil).url == url)
    }

    /// The artwork's URL is checked like the station's, and named as such.
    @Test func checksTheArtworkURL() {
        #expect(throws: StationError.badURL(field: "artwork", url: "file:///logo.png", reason: "is not an http:// or https:// URL")) {
            try StationDraft(url: "http://radio.example/", name: nil, artworkURL: "file:///logo.png")
        }
    }

    /// A name is trimmed, and must then be 1 to 200 characters without control characters.
    @Test(
        arguments: [
            ("  Jazz FM \n", "Jazz FM"), (String(repeating: "é", count: 200), String(repeating: "é", count: 200)),
            ("", nil), ("   ", nil), (String(repeating: "a", count: 201), nil), ("Jazz\u{0}FM", nil), ("Jazz\nFM", nil),
        ] as [(String, String?)])
    func checksTheName(_ name: String, _ kept: String?) {
        let draft = try? StationDraft(url: "http://radio.example/", name: name, artworkURL: nil)
        #expect(draft?.name == kept)
        #expect((draft == nil) == (kept == nil))
    }

    /// Without a name a new station takes its URL's host.
    @Test func newStationsAreNamedAfterTheirHost() throws {
        #expect(try StationDraft(url: "https://radio.example:8000/x", name: nil, artworkURL: nil).nameForNewStation == "radio.example")
        #expect(try StationDraft(url: "https://radio.example/x", name: "Jazz", artworkURL: nil).nameForNewStation == "Jazz")
    }

    /// Every refusal says what was wrong and what to do.
    @Test func errorsSayWhatToDo() {
        let badURL = StationError.badURL(field: "url", url: "ftp://x", reason: "is not an http:// or https:// URL")
        #expect(
            badURL.description
                == "url 'ftp://x' is not an http:// or https:// URL; give an http:// or https:// URL with a host, such as https://radio.example/stream.mp3"
        )
        #expect(StationError.badName("", reason: "is empty").description == "the station name '' is empty; give a name of 1 to 200 characters")
        #expect(
            StationError.notFound(identifier: "rondo:station:1").description
                == "no radio station has the identifier rondo:station:1; list the stations and their identifiers with: rondo radio")
        #expect(
            StationError.badURL(field: "url", url: String(repeating: "x", count: 100), reason: "r").description.contains(
                String(repeating: "x", count: 80) + "…"))
    }
}
