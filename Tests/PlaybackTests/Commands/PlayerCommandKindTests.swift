import Playback
import Testing

/// The one table of when a command's answer may go out, whichever front end it came through.
@Suite struct PlayerCommandKindTests {
    /// Play, pause and their toggle are answered once decided; every other remote command,
    /// which moves the position, the item or a mode a restart restores, once written.
    @Test func onlyThePlayAndPauseCommandsAreAnsweredOnceDecided() {
        for command in RemoteCommandKind.allCases {
            let expected: CommandDurability = [.play, .pause, .togglePlayPause].contains(command) ? .whenDecided : .whenWritten
            #expect(PlayerCommandKind.remote(command).durability == expected, "\(command)")
        }
    }

    /// What a restart restores is answered once written; reads of listening after the
    /// earlier writes.
    @Test func changesARestartRestoresAreAnsweredOnceWritten() {
        let written: [PlayerCommandKind] = [
            .queueEdit, .playIndex, .setCommandEnabled, .setVolume, .setOutput, .playFromLibrary, .playFromSearch,
        ]
        for kind in written { #expect(kind.durability == .whenWritten, "\(kind)") }
        #expect(PlayerCommandKind.listeningRead.durability == .afterEarlierWrites)
    }
}
