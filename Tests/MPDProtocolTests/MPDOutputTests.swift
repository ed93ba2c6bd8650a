import Foundation
import MPDProtocol
import RondoTesting
import Testing

/// The reply writer: a value cannot forge a line, a binary chunk is framed by its length,
/// and the endings are MPD's.
struct MPDOutputTests {
    private func text(_ output: MPDOutput) -> String { String(decoding: output.bytes, as: UTF8.self) }

    /// Line breaks in a value become spaces, so `OK` inside a tag is not a reply line.
    @Test func aValueCannotForgeALine() {
        var output = MPDOutput()
        output.field("Title", "a\nOK\r\nb\rc")
        #expect(text(output) == "Title: a OK  b c\n")
    }

    /// `fields` writes each field in order.
    @Test func fieldsInOrder() {
        var output = MPDOutput()
        output.fields([("file", "a.flac"), ("Artist", "A"), ("Artist", "B")])
        output.fields([])
        #expect(text(output) == "file: a.flac\nArtist: A\nArtist: B\n")
    }

    /// A binary chunk is `binary: N`, exactly N bytes (line breaks and all), then a line break.
    @Test func binaryIsFramedByItsLength() {
        var output = MPDOutput()
        output.field("size", "4")
        output.binary([0x00, 0x0A, 0x0D, 0xFF])
        output.ok()
        #expect(output.bytes == Array("size: 4\nbinary: 4\n".utf8) + [0x00, 0x0A, 0x0D, 0xFF, 0x0A] + Array("OK\n".utf8))
        var empty = MPDOutput()
        empty.binary([UInt8]())
        #expect(text(empty) == "binary: 0\n\n")
    }

    /// A list's replies end in `list_OK`, the whole in `OK` or an ACK; `raw` writes as given.
    @Test func endings() {
        var output = MPDOutput()
        output.raw("OK MPD 0.23.5\n")
        output.field("volume", "50")
        output.listOK()
        output.listOK()
        output.ok()
        output.ack(MPDAck(.noExist, index: 2, command: "add", "No such song"))
        #expect(text(output) == "OK MPD 0.23.5\nvolume: 50\nlist_OK\nlist_OK\nOK\nACK [50@2] {add} No such song\n")
        #expect(MPDOutput().bytes.isEmpty)
    }

    /// An ACK or a reply whose text holds `\r\n` (one `Character` to Swift) is still one
    /// line: each byte of the break becomes a space.
    @Test func aCRLFCannotForgeALineInAnAckOrAReply() {
        var output = MPDOutput()
        output.ack(MPDAck(.system, command: "", "a\r\nOK"))
        #expect(text(output) == "ACK [52@0] {} a  OK\n")
        #expect(MPDReply([("Title", "a\r\nOK")]).text == "Title: a  OK\n")
    }

    /// Numbers written straight into the reply read as their text would.
    @Test(arguments: [0, 7, 42, 100, 12_345, -3, Int.max, Int.min])
    func wholeNumbersAreTheirDigits(value: Int) {
        var output = MPDOutput()
        output.field("n", value)
        #expect(String(decoding: output.bytes, as: UTF8.self) == "n: \(value)\n")
    }

    /// Seconds written straight into the reply read as `MPDNumber.seconds` prints them.
    @Test(arguments: [0, 0.0004, 0.0005, 1.2345, 59.9999, 180, 3_600.5, -1, .infinity, .nan, 1e300])
    func secondsAreMPDNumbers(value: Double) {
        var output = MPDOutput()
        output.field("elapsed", seconds: value)
        #expect(String(decoding: output.bytes, as: UTF8.self) == "elapsed: \(MPDNumber.seconds(value))\n")
    }
}
