import Testing

@testable import Feeds

/// Dates, durations, URLs and descriptions as publishers write them.
struct FeedFieldTests {
    static let june10 = FeedDate.seconds(year: 2003, month: 6, day: 10, hour: 4, minute: 0, second: 0, offset: 0)!

    @Test(arguments: [
        "Tue, 10 Jun 2003 04:00:00 GMT", "10 Jun 2003 04:00:00 GMT", "Tue, 10 Jun 2003 04:00:00 +0000",
        "Tue, 10 Jun 03 04:00:00 GMT", "Tuesday, 10 June 2003 04:00 UT", "Mon, 09 Jun 2003 21:00:00 PDT",
        "Tue, 10 Jun 2003 06:00:00 +02:00", "Tue, 10 Jun 2003 04:00:00", "2003-06-10T04:00:00Z",
        "2003-06-10T06:00:00+02:00", "2003-06-10T04:00:00.123Z", "2003-06-10 04:00:00", " Tue, 10 Jun 2003 04:00:00 Z ",
    ])
    func datesOfEveryShape(_ text: String) {
        #expect(FeedDate.parse(text) == Self.june10, "\(text)")
    }

    @Test func datesThatAreNone() {
        for text in [
            "", "sometime in June", "Tue, 32 Jun 2003 04:00:00 GMT", "2003-13-10", "Tue, 10 Jun 2003 25:00:00 GMT",
            "10 Foo 2003 04:00:00", "2003-06-10T04:00:00+99", String(repeating: "9", count: 100),
        ] {
            #expect(FeedDate.parse(text) == nil, "\(text)")
        }
        #expect(FeedDate.parse("2003-06-10") == FeedDate.seconds(year: 2003, month: 6, day: 10, hour: 0, minute: 0, second: 0, offset: 0))
        #expect(FeedDate.seconds(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, offset: 0) == 0)
        #expect(FeedDate.seconds(year: 2000, month: 3, day: 1, hour: 0, minute: 0, second: 0, offset: 0) == 951_868_800)
    }

    @Test func durations() {
        #expect(FeedDuration.parse("1:02:03") == 3_723)
        #expect(FeedDuration.parse("62:03") == 3_723)
        #expect(FeedDuration.parse("3723") == 3_723)
        #expect(FeedDuration.parse(" 3723.5 ") == 3_723.5)
        #expect(FeedDuration.parse("00:45") == 45)
        for text in ["", "about an hour", "-5", "1:70:00", "1:2:3:4", "1.5:00", "99999999", "nan", "inf"] {
            #expect(FeedDuration.parse(text) == nil, "\(text)")
        }
    }

    @Test func urls() {
        let base = "https://host.test:8443/feeds/show.xml?token=1"
        #expect(FeedURL.resolve("https://cdn.test/a.mp3", against: base) == "https://cdn.test/a.mp3")
        #expect(FeedURL.resolve("HTTP://cdn.test/a.mp3", against: base) == "HTTP://cdn.test/a.mp3")
        #expect(FeedURL.resolve("/a.mp3", against: base) == "https://host.test:8443/a.mp3")
        #expect(FeedURL.resolve("a.mp3", against: base) == "https://host.test:8443/feeds/a.mp3")
        #expect(FeedURL.resolve("//cdn.test/a.mp3", against: base) == "https://cdn.test/a.mp3")
        #expect(FeedURL.resolve("a.mp3", against: "https://host.test") == "https://host.test/a.mp3")
        for reference in ["", "javascript:alert(1)", "file:///etc/passwd", "ftp://host/a.mp3", "data:audio/mpeg;base64,AA"] {
            #expect(FeedURL.resolve(reference, against: base) == nil, "\(reference)")
        }
        #expect(FeedURL.resolve("a.mp3", against: "file:///feeds/show.xml") == nil)
    }

    @Test func descriptions() {
        #expect(
            PlainText.from(html: "<p>One</p><p>Two <b>bold</b>ly&nbsp;&amp; <a href='x'>link</a></p>", limit: 100)
                == "One Two boldly & link")
        #expect(PlainText.from(html: "  \n ", limit: 100) == nil)
        #expect(PlainText.from(html: "<br/>", limit: 100) == nil)
        #expect(PlainText.from(html: "abcdefghij", limit: 5) == "abcd…")
        #expect(PlainText.from(html: "a &#x263A; &#9731; &unknown; < b", limit: 100) == "a ☺ ☃ &unknown; < b")
    }
}
