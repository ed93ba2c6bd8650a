import Audio
import Focus
import Library
import Logging
import Playback
import ThreadJobs

/// The listener's choices for the player's output: its volume and where it plays.
///
/// The volume multiplies the arbiter's gain at the player's sink inputs (a duck never
/// changes it, and it never lifts a duck); the sink is either pinned by name or left to the
/// server's default, which the server moves the music to when the user changes it, or the
/// music goes to the Snapcast server instead (SPEC §14). All are saved when changed and
/// restored at start, over `[pulse] sink` and `output` of the configuration.
extension PlayerService {
    /// Sets or changes the listener's volume, heard at once and saved; returns the volume now.
    /// - Throws: `badParam` for a level outside 0…1 or a change outside −1…1.
    func setVolume(_ change: VolumeChange) throws(PlayerCommandError) -> Double {
        let wanted: Double
        switch change {
        case .to(let absolute) where (0...1).contains(absolute):
            wanted = absolute
        case .by(let step) where (-1...1).contains(step):
            wanted = min(max(volume + step, 0), 1)
        default:
            throw PlayerCommandError(.badParam, "give either volume (0 to 1) or change (-1 to 1), not both")
        }
        guard wanted != volume else { return volume }
        applyVolume(wanted)
        saveOutput()
        announce(.nowPlayingChanged)
        return volume
    }

    /// Whether the music goes to the Snapcast server rather than to the audio server.
    var playsToSnapcast: Bool { engine.output == outputChoices.snapcast && outputChoices.snapcast != outputChoices.home }

    /// The server's sinks, which one the music plays to and which one is pinned, then the
    /// Snapcast server.
    func outputs() -> OutputList {
        let snapcast = OutputList.Output(
            name: OutputChoice.snapcastName, description: outputChoices.snapcastDescription, isDefault: false,
            inUse: playsToSnapcast)
        guard !playsToSnapcast else { return OutputList(outputs: [snapcast], pinned: OutputChoice.snapcastName) }
        let (devices, inUse) = sessions.outputs()
        // A sink just pinned is in use before the server's report of the new stream arrives.
        let current = pulseSink ?? inUse ?? devices.first(where: \.isDefault)?.name
        let sinks = devices.map {
            OutputList.Output(name: $0.name, description: $0.description, isDefault: $0.isDefault, inUse: $0.name == current)
        }
        return OutputList(outputs: sinks + [snapcast], pinned: pulseSink)
    }

    /// Pins the player to a sink, sends it to the Snapcast server, or lets it follow the
    /// server's default again; what plays moves there at once, from the position heard.
    /// Saved.
    /// - Throws: `notFound` for a sink the server does not have (the message lists those it
    ///   has), `pulseUnavailable` when no server (audio or Snapcast) answers or it refuses a
    ///   stream there; a refused move changes nothing and saves nothing.
    ///
    /// What waits on a server (a connection to the new output, a stream opened there, the
    /// server's first answers) runs on a thread of its own, while the actor serves other
    /// requests; changes asked meanwhile wait their turn (``OutputMoves``).
    func setOutput(_ choice: OutputChoice) async throws(PlayerCommandError) -> OutputList {
        if !outputMoves.enter() { await withCheckedContinuation { outputMoves.wait($0) } }
        defer { outputMoves.leave()?.resume() }
        let before = outputs().outputs.first(where: \.inUse)?.name
        if choice == .snapcast {
            guard !playsToSnapcast else { return outputs() }
            try await move(to: outputChoices.snapcast, from: before)
            return outputs()
        }
        if playsToSnapcast {
            try await move(to: outputChoices.home, from: before)
            // The server's sinks are listed once it answered its first queries.
            if choice.sink != nil, let audio = sessions.audio() {
                _ = await ThreadFanOut.run(name: "rondo-output-move") { audio.flush(within: 1) }
            }
        }
        if let sink = choice.sink {
            let devices = sessions.outputs().devices
            guard !devices.isEmpty else {
                throw PlayerCommandError(.pulseUnavailable, "no audio server answers, so no output can be chosen; start one and try again")
            }
            guard devices.contains(where: { $0.name == sink }) else {
                let names = devices.map(\.name).joined(separator: ", ")
                throw PlayerCommandError(.notFound, "no output named '\(sink)'; the audio server has: \(names)")
            }
        }
        let engine = engine
        let pinned = await Self.waitingOnTheServer(on: "rondo-output-move") { () throws(AudioError) in try engine.setSink(choice.sink) }
        if case .failure(let error) = pinned {
            throw PlayerCommandError(.pulseUnavailable, "cannot play to \(choice.sink ?? "the default output"): \(error)")
        }
        guard pulseSink != choice.sink else {
            announceOutput(from: before)
            return outputs()
        }
        pulseSink = choice.sink
        saveOutput()
        logger.notice("output: \(choice.sink.map { "pinned to \($0)" } ?? "following the server's default")")
        announceOutput(from: before)
        return outputs()
    }

    /// Moves the music to `output` (the Snapcast server, or back to the audio server) and
    /// saves the choice.
    private func move(to output: AudioOutput, from before: String?) async throws(PlayerCommandError) {
        let engine = engine
        let moved = await Self.waitingOnTheServer(on: "rondo-output-move") { () throws(AudioError) in try engine.moveOutput(to: output) }
        if case .failure(let error) = moved {
            // The Snapcast server's reason says what to do; the audio server's error says to start it.
            let toSnapcast = output == outputChoices.snapcast
            let why = if toSnapcast, case .pulseUnavailable(let reason) = error { reason } else { "\(error)" }
            let place = toSnapcast ? "Snapcast" : "the audio server"
            throw PlayerCommandError(.pulseUnavailable, "cannot move the music to \(place): \(why); the music stays where it was")
        }
        saveOutput()
        logger.notice("output: \(playsToSnapcast ? "the Snapcast server, every room" : "the audio server")")
        announceOutput(from: before)
    }

    /// Publishes `route.changed` when the output in use is another than `before`.
    private func announceOutput(from before: String?) {
        let now = outputs().outputs
        guard let sink = now.first(where: \.inUse)?.name ?? now.first(where: \.isDefault)?.name, sink != before else { return }
        announceRoute(.override, from: before, to: sink)
    }

    /// Restores the saved volume and sink, if the listener ever chose them. The Snapcast
    /// server chosen is where the music goes even when it does not answer yet: it is then
    /// waited for as an absent audio server is (a play fails and waits `resume_within_s`
    /// for it), never played to as if it were there.
    func restoreOutput() {
        do {
            guard let saved = try store?.loadOutput() else { return }
            applyVolume(saved.volume)
            if OutputChoice(name: saved.sink) == .snapcast {
                do {
                    try engine.leadOutput(to: outputChoices.snapcast)
                } catch {
                    logger.warning("cannot send the music to the Snapcast server chosen: \(error)")
                }
                return
            }
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
        let output = SavedOutput(volume: volume, sink: playsToSnapcast ? OutputChoice.snapcastName : pulseSink)
        persistence?.perform("the output settings") { try store.saveOutput(output) }
    }
}
