import Audio
import Focus
import Library
import Logging
import RondoProtocol

/// The listener's choices for the player's output: its volume and the sink it plays to.
///
/// The volume multiplies the arbiter's gain at the player's sink inputs (a duck never
/// changes it, and it never lifts a duck); the sink is either pinned by name or left to the
/// server's default, which the server moves the music to when the user changes it. Both are
/// saved when changed and restored at start, over `[pulse] sink` of the configuration.
extension PlayerService {
    /// The listener's volume.
    func volumeResult() -> PlayerVolume { PlayerVolume(volume: volume) }

    /// Sets or changes the listener's volume, heard at once and saved.
    /// - Throws: `badParam` unless exactly one of `volume` (0…1) and `change` (−1…1) is given.
    func setVolume(_ params: PlayerSetVolumeParams) throws(RPCError) -> PlayerVolume {
        let wanted: Double
        switch (params.volume, params.change) {
        case (let absolute?, nil) where (0...1).contains(absolute):
            wanted = absolute
        case (nil, let change?) where (-1...1).contains(change):
            wanted = min(max(volume + change, 0), 1)
        default:
            throw RPCError(.badParam, "give either volume (0 to 1) or change (-1 to 1), not both")
        }
        guard wanted != volume else { return volumeResult() }
        applyVolume(wanted)
        saveOutput()
        hub.publish(Events.NowPlayingChanged.self, nowPlaying())
        return volumeResult()
    }

    /// The server's sinks, which one the music plays to and which one is pinned.
    func outputs() -> PlayerOutputs {
        let (devices, inUse) = sessions.outputs()
        // A sink just pinned is in use before the server's report of the new stream arrives.
        let current = pulseSink ?? inUse ?? devices.first(where: \.isDefault)?.name
        return PlayerOutputs(
            outputs: devices.map {
                OutputInfo(name: $0.name, description: $0.description, isDefault: $0.isDefault, inUse: $0.name == current)
            },
            pinned: pulseSink)
    }

    /// Pins the player to a sink, or lets it follow the server's default again; what plays
    /// moves there at once, from the position heard. Saved.
    /// - Throws: `notFound` for a sink the server does not have (the message lists those it
    ///   has), `pulseUnavailable` when no server answers or it refuses a stream there.
    func setOutput(_ params: PlayerSetOutputParams) throws(RPCError) -> PlayerOutputs {
        if let sink = params.sink {
            let devices = sessions.outputs().devices
            guard !devices.isEmpty else {
                throw RPCError(.pulseUnavailable, "no audio server answers, so no output can be chosen; start one and try again")
            }
            guard devices.contains(where: { $0.name == sink }) else {
                let names = devices.map(\.name).joined(separator: ", ")
                throw RPCError(.notFound, "no output named '\(sink)'; the audio server has: \(names)")
            }
        }
        let before = outputs().outputs.first(where: \.inUse)?.name
        do {
            try engine.setSink(params.sink)
        } catch {
            throw RPCError(.pulseUnavailable, "cannot play to \(params.sink ?? "the default output"): \(error)")
        }
        guard pulseSink != params.sink else { return outputs() }
        pulseSink = params.sink
        saveOutput()
        logger.notice("output: \(params.sink.map { "pinned to \($0)" } ?? "following the server's default")")
        let after = outputs()
        let now = after.outputs.first(where: \.isDefault)?.name
        if let sink = params.sink ?? now, sink != before {
            hub.publish(
                Events.RouteChangedEvent.self,
                RouteChanged(reason: .override, previousSink: before, sink: sink))
        }
        return after
    }

    /// Restores the saved volume and sink, if the listener ever chose them.
    func restoreOutput() {
        do {
            guard let saved = try store?.loadOutput() else { return }
            applyVolume(saved.volume)
            pulseSink = saved.sink
            try? engine.setSink(saved.sink)
        } catch {
            logger.error("cannot restore the output settings: \(error)")
        }
    }

    private func applyVolume(_ volume: Double) {
        self.volume = volume
        engine.setStreamVolume(volume)
        sessions.setPlayerVolume(volume)
    }

    private func saveOutput() {
        guard let store else { return }
        let output = SavedOutput(volume: volume, sink: pulseSink)
        persistence?.perform("the output settings") { try store.saveOutput(output) }
    }
}
