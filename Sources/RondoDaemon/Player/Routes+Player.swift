import Playback
import PlaybackWire
import RondoProtocol
import RondoRouting

extension Routes {
    /// The `remote.*`, `nowPlaying.get` and `player.*` methods.
    func registerPlayerMethods(in router: inout Router) {
        let player = self.player
        // With the output connected, a remote command decides and answers (a load waits for
        // the reply, ``AfterReply``): it runs on the loop that read it. Without, it waits for
        // the connect first (on a thread of its own; `deviceNotFound` is an answer): on the
        // pool.
        router.register(Methods.RemoteSend.self, onLoop: { player.isPulseConnected }) { params, _ throws(RPCError) in
            let command = try RemoteCommand(params)
            return RemoteSendResult(try await RPCError.wording { () throws(PlayerCommandError) in try await player.sendWaitingForStream(command) })
        }
        router.register(Methods.RemoteList.self) { _, _ in await player.remoteCommands().map(RemoteCommandInfo.init) }
        router.register(Methods.RemoteSetEnabled.self) { params, _ in
            await player.setEnabled(params.enabled, for: RemoteCommandKind(params.command))
            return Empty()
        }
        router.registerImmediateEncoded(Methods.NowPlayingGet.self) { [self] _, _ throws(RPCError) in
            try currentNowPlayingEncoded()
        }
        router.register(Methods.PlayerVolumeGet.self) { _, _ in PlayerVolume(volume: await player.volume) }
        router.register(Methods.PlayerSetVolume.self) { params, _ throws(RPCError) in
            let change = try VolumeChange(params)
            return PlayerVolume(volume: try await RPCError.wording { () throws(PlayerCommandError) in try await player.setVolume(change) })
        }
        router.register(Methods.PlayerReplayGainGet.self) { _, _ in ReplayGainState(await player.replayGainSettings()) }
        router.register(Methods.PlayerSetReplayGain.self) { params, _ throws(RPCError) in
            let settings = try await player.replayGainSettings().changed(by: params)
            await player.setReplayGain(settings)
            return ReplayGainState(settings)
        }
        router.register(Methods.PlayerOutputsGet.self) { _, _ in PlayerOutputs(await player.outputs()) }
        router.register(Methods.PlayerSetOutput.self) { params, _ throws(RPCError) in
            let choice = OutputChoice(name: params.sink)
            return PlayerOutputs(try await RPCError.wording { () throws(PlayerCommandError) in try await player.setOutput(choice) })
        }
        router.register(Methods.PlayerSleep.self) { params, _ throws(RPCError) in
            let request = try SleepRequest(params)
            let state = try await RPCError.wording { () throws(PlayerCommandError) in try await player.setSleep(request) }
            return SleepState(endsAt: state.endsAt, endOfItem: state.endOfItem)
        }
        router.register(Methods.ChaptersGet.self) { _, _ in ChaptersResult(await player.chapters()) }
        router.register(Methods.PlayerChapter.self) { params, _ throws(RPCError) in
            let move = try ChapterMove(params)
            return ChaptersResult(try await RPCError.wording { () throws(PlayerCommandError) in try await player.moveToChapter(move) })
        }
    }
}

extension Routes {
    /// The now-playing state without the player's actor, encoded for `nowPlaying.get`: the
    /// player's publication in the wire's form (made once per publication, by its first
    /// reader), as bytes kept while it stands still, else its template with the elapsed time
    /// brought up to now from what the output hears. Every change to the now-playing state is
    /// published before its `nowPlaying.changed` goes out.
    /// - Throws: ``RPCError/internalError(_:)`` when the state cannot be encoded.
    func currentNowPlayingEncoded() throws(RPCError) -> EncodedJSON {
        let publication = player.publishedNowPlaying.load()
        nowPlayingReplies.bringUp(to: publication.version) {
            NowPlayingSnapshot(state: NowPlayingState(publication.nowPlaying), entryID: publication.entryID)
        }
        return try nowPlayingReplies.encoded(at: player.now()) { player.heardPosition() }
    }
}
