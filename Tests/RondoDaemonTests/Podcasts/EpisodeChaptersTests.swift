import Playback
import Testing

@testable import RondoDaemon

/// Podcasting 2.0 chapters documents as publishers write them, and as they go wrong: read
/// by start, titles trimmed, hidden (`"toc": false`) and impossible chapters left out,
/// anything that is no chapters document read as none.
struct EpisodeChaptersTests {
    @Test func readsChaptersByStart() {
        let document = """
            {"version": "1.2.0", "author": "Rondo",
             "chapters": [
               {"startTime": 65.5, "title": "  Second  ", "img": "https://example.test/2.jpg"},
               {"startTime": 0, "title": "Intro"},
               {"startTime": 30, "title": "Sponsor art", "toc": false},
               {"startTime": 120},
               {"startTime": -1, "title": "Before the start"},
               {"title": "No start"},
               {"startTime": 90, "title": ""}
             ]}
            """
        #expect(
            EpisodeChapters.parse(Array(document.utf8)) == [
                Chapter(title: "Intro", start: 0), Chapter(title: "Second", start: 65.5), Chapter(title: nil, start: 90),
                Chapter(title: nil, start: 120),
            ])
    }

    @Test(arguments: ["", "[]", "{\"chapters\": 3}", "<rss/>", "{\"chapters\": [{\"startTime\": \"soon\"}]}", "{\"version\": \"1\"}"])
    func whatIsNoChaptersDocumentHasNone(document: String) {
        #expect(EpisodeChapters.parse(Array(document.utf8)).isEmpty)
    }

    @Test func keepsAtMostAThousand() {
        let entries = (0..<5_000).map { "{\"startTime\": \($0)}" }.joined(separator: ",")
        #expect(EpisodeChapters.parse(Array("{\"chapters\": [\(entries)]}".utf8)).count == EpisodeChapters.maximumChapters)
    }
}
