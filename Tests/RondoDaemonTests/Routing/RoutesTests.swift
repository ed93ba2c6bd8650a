import Playback
import RondoProtocol
import RondoRouting
import RondoTesting
import Testing

@testable import RondoDaemon

/// The daemon's router against the protocol's method table.
@Suite struct RoutesTests {
    /// The router serves exactly the methods `Methods.all` lists, extensions included: a
    /// method added to the table without a binding, or bound without being in the table, fails.
    @Test func routerServesExactlyTheMethodTable() throws {
        let scratch = try ScratchDaemon()
        defer { scratch.directory.remove() }
        let served = scratch.daemon.makeRouter().methodNames
        let listed = Set(Methods.all.map { $0.name })
        #expect(listed.count == Methods.all.count, "the method table names no method twice")
        #expect(served.subtracting(listed).isEmpty, "bound but not in Methods.all: \(served.subtracting(listed).sorted())")
        #expect(listed.subtracting(served).isEmpty, "in Methods.all but not bound: \(listed.subtracting(served).sorted())")
    }

    /// Every method the reply table names is one the daemon serves, and each request gets
    /// the policy of the player command it is: queue edits and most remote commands once
    /// written, play and pause once decided, library reads after the earlier writes,
    /// anything else (radio stations, which their handlers commit themselves, and a remote
    /// command that names none, which is refused) once decided.
    @Test func theReplyTableNamesServedMethodsAndPicksEachRequestsPolicy() {
        let listed = Set(Methods.all.map { $0.name })
        #expect(Set(ReplyPolicies.kinds.keys).subtracting(listed).isEmpty)
        let command = { (name: String) -> JSONValue in .object(["command": .string(name)]) }
        #expect(ReplyPolicies.policy(method: Methods.RemoteSend.name, params: command("play")) == .whenDecided)
        #expect(ReplyPolicies.policy(method: Methods.RemoteSend.name, params: command("togglePlayPause")) == .whenDecided)
        #expect(ReplyPolicies.policy(method: Methods.RemoteSend.name, params: command("nextTrack")) == .whenWritten)
        #expect(ReplyPolicies.policy(method: Methods.RemoteSend.name, params: nil) == .whenDecided)
        #expect(ReplyPolicies.policy(method: Methods.QueueSet.name, params: nil) == .whenWritten)
        #expect(ReplyPolicies.policy(method: Methods.LibrarySearch.name, params: nil) == .afterEarlierWrites)
        #expect(ReplyPolicies.policy(method: Methods.QueueGet.name, params: nil) == .whenDecided)
        #expect(ReplyPolicies.policy(method: Methods.RadioAdd.name, params: nil) == .whenDecided)
        #expect(ReplyPolicies.policy(method: Methods.RadioRemove.name, params: nil) == .whenDecided)
    }
}

/// The player's own values and the wire's, where a name crosses.
@Suite struct PlayerWireNameTests {
    /// The Snapcast server is listed, chosen and saved under the name the wire gives it.
    @Test func theSnapcastServerHasTheWiresName() {
        #expect(OutputChoice.snapcastName == PlayerSetOutputParams.snapcast)
        #expect(OutputChoice(name: PlayerSetOutputParams.snapcast) == .snapcast)
        #expect(OutputChoice(name: nil) == .serverDefault)
        #expect(OutputChoice(name: "alsa_output.usb").sink == "alsa_output.usb")
    }

    /// `player.setVolume` takes exactly one of a level and a change.
    @Test func aVolumeIsALevelOrAChange() throws {
        #expect(try VolumeChange(PlayerSetVolumeParams(volume: 0.5)) == .to(0.5))
        #expect(try VolumeChange(PlayerSetVolumeParams(change: -0.1)) == .by(-0.1))
        #expect(throws: RPCError.self) { try VolumeChange(PlayerSetVolumeParams(volume: 0.5, change: 0.1)) }
        #expect(throws: RPCError.self) { try VolumeChange(PlayerSetVolumeParams()) }
    }
}
