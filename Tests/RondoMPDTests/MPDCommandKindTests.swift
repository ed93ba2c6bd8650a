import MPDProtocol
import Playback
import Testing

@testable import RondoMPD

/// MPD's commands as the player commands they are, answered by the same table.
@Suite struct MPDCommandKindTests {
    private func kind(_ line: String) throws -> PlayerCommandKind? {
        MPDCommands.kind(of: try MPDRequest.parse(Array(line.utf8)))
    }

    /// Queue edits, modes, seeks and the volume wait for the disk; `play` and `pause` do not,
    /// but `play 3` plays an index and does; reads wait for nothing.
    @Test func eachCommandIsAnsweredAsTheJSONMethodItMatches() throws {
        let written = ["add \"a.mp3\"", "delete 0", "move 0 1", "clear", "shuffle", "next", "stop", "seekcur 3", "random 1", "setvol 50", "play 3"]
        for line in written {
            #expect(try kind(line)?.durability == .whenWritten, "\(line)")
        }
        for line in ["play", "pause 1", "pause"] {
            #expect(try kind(line)?.durability == .whenDecided, "\(line)")
        }
        for line in ["status", "playlistinfo", "lsinfo", "ping"] {
            #expect(try kind(line) == nil, "\(line)")
        }
    }
}
