import Foundation
import MPDProtocol
import RondoTesting
import Testing

/// `idle`'s arguments name subsystems in any case; none names all of them, and an unknown
/// name is refused in MPD's words.
struct MPDSubsystemTests {
    /// No name waits for every subsystem.
    @Test func noNameIsEverySubsystem() throws {
        #expect(try MPDSubsystem.named([]) == Set(MPDSubsystem.allCases))
        #expect(MPDSubsystem.allCases.count == 14)
    }

    /// Names are read in any case, and a repeated name counts once.
    @Test func namesAreReadInAnyCase() throws {
        #expect(try MPDSubsystem.named(["player", "MIXER", "Stored_Playlist"]) == [.player, .mixer, .storedPlaylist])
        #expect(try MPDSubsystem.named(["player", "Player"]) == [.player])
        for subsystem in MPDSubsystem.allCases { #expect(try MPDSubsystem.named([subsystem.rawValue.uppercased()]) == [subsystem]) }
    }

    /// An unknown name among known ones is refused, naming it.
    @Test(arguments: ["bogus", "storedPlaylist", "", "player "])
    func unknownNamesAreRefused(name: String) {
        do throws(MPDAck) {
            _ = try MPDSubsystem.named(["player", name])
            Issue.record("taken")
        } catch {
            #expect(error == MPDAck(.argument, command: "idle", "Unrecognized idle event: \(name)"))
            #expect(error.line == "ACK [2@0] {idle} Unrecognized idle event: \(name)\n")
        }
    }
}
