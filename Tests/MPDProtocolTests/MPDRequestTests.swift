import MPDProtocol
import Testing

/// Request lines read as MPD 0.23's tokenizer reads them: its words, its quoting, and its
/// refusals with their codes and messages, so a client meets the same replies from Rondo.
struct MPDRequestTests {
    @Test(arguments: [
        ("status", MPDRequest(name: "status")),
        ("  play\t3 ", MPDRequest(name: "play", arguments: ["3"])),
        (#"find "(Artist == \"AC/DC\")" sort Album"#, MPDRequest(name: "find", arguments: [#"(Artist == "AC/DC")"#, "sort", "Album"])),
        (#"add "Music/Ça va\\bien.mp3""#, MPDRequest(name: "add", arguments: [#"Music/Ça va\bien.mp3"#])),
        (#"list album "" "#, MPDRequest(name: "list", arguments: ["album", ""])),
        ("seekcur +5.5", MPDRequest(name: "seekcur", arguments: ["+5.5"])),
        ("sticker_get a b", MPDRequest(name: "sticker_get", arguments: ["a", "b"])),
        ("PLAY 1", MPDRequest(name: "PLAY", arguments: ["1"])),
    ])
    func readsWords(line: String, request: MPDRequest) throws {
        #expect(try MPDRequest.parse(Array(line.utf8)) == request)
    }

    @Test(arguments: [
        ("", "ACK [5@0] {} No command given\n"),
        ("   ", "ACK [5@0] {} No command given\n"),
        ("3play", "ACK [5@0] {} Letter expected\n"),
        ("pla-y", "ACK [5@0] {} Invalid word character\n"),
        // An argument MPD cannot read is refused before the command is named.
        (#"find "unclosed"#, "ACK [5@0] {} Missing closing '\"'\n"),
        (#"find "a"b"#, "ACK [5@0] {} Space expected after closing '\"'\n"),
        ("add it's", "ACK [5@0] {} Invalid unquoted character\n"),
        (#"add a"b"#, "ACK [5@0] {} Invalid unquoted character\n"),
        (#"add "ends in \"#, "ACK [5@0] {} Missing closing '\"'\n"),
    ])
    func refusesAsMPDDoes(line: String, reply: String) {
        #expect(throws: (any Error).self) { try MPDRequest.parse(Array(line.utf8)) }
        do throws(MPDAck) {
            _ = try MPDRequest.parse(Array(line.utf8))
        } catch {
            #expect(error.line == reply)
        }
    }

    @Test func refusesMoreArgumentsThanMPDTakes() {
        let line = "add" + String(repeating: " x", count: MPDRequest.maximumArguments + 1)
        do throws(MPDAck) {
            _ = try MPDRequest.parse(Array(line.utf8))
            Issue.record("taken")
        } catch {
            #expect(error == MPDAck(.argument, command: "", "Too many arguments"))
        }
        #expect((try? MPDRequest.parse(Array(("add" + String(repeating: " x", count: MPDRequest.maximumArguments)).utf8))) != nil)
    }

    @Test func anAckIsOneLineWhateverItsMessage() {
        #expect(MPDAck(.noExist, index: 3, command: "add", "no such\nfile\r").line == "ACK [50@3] {add} no such file \n")
    }
}
