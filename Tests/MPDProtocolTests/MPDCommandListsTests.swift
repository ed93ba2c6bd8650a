import MPDProtocol
import Testing

/// Command lists as MPD runs them: gathered until `command_list_end`, run in order with or
/// without `list_OK`, refused when nested, unopened, too long, or holding a bad line (whose
/// index the ACK names).
struct MPDCommandListsTests {
    private func take(_ lists: inout MPDCommandLists, _ line: String) -> MPDCommandLists.Step {
        lists.take(Array(line.utf8))
    }

    @Test func aCommandOutsideAListRunsAtOnce() {
        var lists = MPDCommandLists()
        #expect(take(&lists, "status") == .run([MPDRequest(name: "status")], separated: false))
        #expect(!lists.isGathering)
    }

    @Test func listsGatherThenRun() {
        var lists = MPDCommandLists()
        #expect(take(&lists, "command_list_ok_begin") == .gathered)
        #expect(lists.isGathering)
        #expect(take(&lists, "add a.mp3") == .gathered)
        #expect(take(&lists, "play") == .gathered)
        #expect(
            take(&lists, "command_list_end")
                == .run([MPDRequest(name: "add", arguments: ["a.mp3"]), MPDRequest(name: "play")], separated: true))
        #expect(take(&lists, "command_list_begin") == .gathered)
        #expect(take(&lists, "command_list_end") == .run([], separated: false))
    }

    @Test func refusals() {
        var lists = MPDCommandLists()
        #expect(take(&lists, "command_list_end") == .refuse(MPDAck(.unknown, command: "", "unknown command \"command_list_end\"")))
        // A list begun inside a list is one more of its commands, refused when it runs, as in MPD.
        #expect(take(&lists, "command_list_begin") == .gathered)
        #expect(take(&lists, "command_list_ok_begin") == .gathered)
        #expect(
            take(&lists, "command_list_end") == .run([MPDRequest(name: "command_list_ok_begin")], separated: false))
        #expect(!lists.isGathering)
        #expect(take(&lists, "command_list_begin") == .gathered)
        #expect(take(&lists, "status") == .gathered)
        #expect(take(&lists, "add it's") == .refuse(MPDAck(.unknown, index: 1, command: "", "Invalid unquoted character")))
        #expect(!lists.isGathering, "a bad line drops its list")
    }

    @Test func aListPastItsSizeIsDropped() {
        var lists = MPDCommandLists()
        #expect(take(&lists, "command_list_begin") == .gathered)
        for _ in 0..<MPDCommandLists.maximumCommands { #expect(take(&lists, "ping") == .gathered) }
        #expect(take(&lists, "ping") == .refuse(MPDAck(.unknown, command: "ping", "Command list size exceeds the maximum")))
        #expect(!lists.isGathering)
    }
}
