import Playback
import RondoTesting
import Testing

/// What the audio output holds, as far as the player's effects and its own reports say.
private struct OutputModel {
    var loaded: QueueEntry?
    var playing = false
    var prepared: QueueEntry?

    /// Carries out `effects`; returns a description of the first effect that made no sense
    /// for what was loaded at that moment.
    mutating func apply(_ effects: [PlayerEffect]) -> String? {
        var problem: String?
        for (offset, effect) in effects.enumerated() {
            switch effect {
            case .load(let entry, _, let playing):
                if offset + 1 >= effects.count || !isPrepareNext(effects[offset + 1]) {
                    problem = problem ?? "load not followed by prepareNext in \(effects)"
                }
                loaded = entry
                self.playing = playing
                prepared = nil
            case .resume, .pause, .seek:
                if loaded == nil { problem = problem ?? "\(effect) with nothing loaded in \(effects)" }
                if case .resume = effect { playing = true }
                if case .pause = effect { playing = false }
            case .stop:
                loaded = nil
                playing = false
                prepared = nil
            case .prepareNext(let entry):
                if loaded == nil { problem = problem ?? "prepareNext with nothing loaded in \(effects)" }
                prepared = entry
            case .nowPlayingChanged, .queueChanged:
                break
            }
        }
        return problem
    }

    private func isPrepareNext(_ effect: PlayerEffect) -> Bool {
        if case .prepareNext = effect { return true }
        return false
    }
}

/// Drives a ``Player`` with seeded random commands, queue edits and output reports, and
/// checks it against an independent model after every step.
private struct RandomWalk {
    var rng: SplitMix64
    var rig = PlayerRig()
    var output = OutputModel()
    /// Entries reported undecodable and not given another chance since.
    var failed: Set<UInt64> = []
    /// Every entry identity ever created, to send stale identities.
    var everSeen: [UInt64] = []
    var step = 0
    var tally: [String: Int] = [:]

    static let locations = [
        "/music/a.mp3", "/music/b.mp3", "/music/with space.mp3", "/music/caf\u{E9}.mp3",
        "/music/\u{65E5}\u{672C}/\u{1F3B5}.mp3", "/music/a.mp3",
    ]

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        rig = PlayerRig(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func randomLocations(_ count: Int) -> [String] {
        (0..<count).map { _ in Self.locations[int(0...(Self.locations.count - 1))] }
    }

    /// An index that is usually valid and sometimes one past either end.
    mutating func randomIndex() -> Int { int(-1...rig.queue.count) }

    mutating func randomCommand() -> RemoteCommand {
        switch int(0...17) {
        case 0: .play
        case 1: .pause
        case 2: .togglePlayPause
        case 3: .stop
        case 4: .nextTrack
        case 5: .previousTrack
        case 6: .changePlaybackPosition(double(-20...320))
        case 7: .skipForward(interval: chance(50) ? nil : double(0...60))
        case 8: .skipBackward(interval: chance(50) ? nil : double(0...60))
        case 9: .seekForward(chance(50) ? .begin : .end)
        case 10: .seekBackward(chance(50) ? .begin : .end)
        case 11: .changePlaybackRate(chance(70) ? nil : [0.5, 1, 1.5, 2, 3][int(0...4)])
        case 12: .changeRepeatMode(chance(50) ? nil : RepeatMode.allCases[int(0...2)])
        case 13: .changeShuffleMode(chance(50) ? nil : ShuffleMode.allCases[int(0...2)])
        case 14: .like(isActive: chance(50) ? nil : chance(50))
        case 15: .dislike(isActive: chance(50) ? nil : chance(50))
        case 16: .bookmark(isActive: chance(50) ? nil : chance(50))
        default: .nextTrack
        }
    }

    /// Sometimes disables or enables a random command.
    mutating func randomEnable() -> CommandOutcome {
        rig.setEnabled(chance(70), for: RemoteCommandKind.allCases[int(0...(RemoteCommandKind.allCases.count - 1))])
    }

    /// The entry that should follow the current one by itself, computed from scratch along
    /// the play order (unshuffled; a shuffled wrap draws a new cycle, so it is only checked to
    /// be playable).
    func expectedNext() -> QueueEntry? {
        let queue = rig.queue
        guard let index = queue.currentIndex else { return nil }
        let mode = rig.player.repeatMode
        if mode == .one, !failed.contains(queue.entries[index].id) { return queue.entries[index] }
        let order = queue.order
        var candidate = queue.currentOrderPosition!
        for _ in 0..<queue.count {
            candidate += 1
            if candidate == queue.count {
                guard mode == .all else { return nil }
                if rig.player.shuffleMode != .off { return rig.player.automaticNext }
                candidate = 0
            }
            if !failed.contains(queue.entries[order[candidate]].id) { return queue.entries[order[candidate]] }
        }
        return nil
    }

    mutating func note(_ key: String) { tally[key, default: 0] += 1 }

    mutating func run(steps: Int) {
        for _ in 0..<steps {
            step += 1
            rig.advance(chance(20) ? 0 : Double(int(0...120)) / 4)
            let before = rig.snapshot
            let (effects, silent) = randomStep()
            check(effects: effects, before: before, silent: silent)
        }
    }

    /// Applies one random operation; returns its effects and whether it may change the
    /// now-playing position without publishing.
    mutating func randomStep() -> ([PlayerEffect], Bool) {
        let roll = int(0...99)
        switch roll {
        case 0..<2:
            return (randomEnable().effects, false)
        case 2..<35:
            let command = randomCommand()
            let outcome = rig.send(command)
            checkStatus(outcome, for: command)
            note("status.\(outcome.status)")
            return (outcome.effects, false)
        case 35..<45:
            guard rig.queue.count < 12 else { return (rig.clear(), false) }
            let added = int(1...3)
            let effects = rig.append(randomLocations(added))
            everSeen += rig.queue.entries.suffix(added).map(\.id)
            return (effects, false)
        case 45..<48:
            let locations = randomLocations(int(0...6))
            let startIndex: Int? = chance(50) ? nil : int(-1...locations.count)
            let play = chance(50)
            let before = rig.snapshot
            do {
                let effects = try rig.replace(locations, startIndex: startIndex, play: play)
                failed.removeAll()
                everSeen += rig.queue.entries.map(\.id)
                return (effects, false)
            } catch {
                expectUnchanged(before, error, index: startIndex ?? 0, count: locations.count)
                return ([], false)
            }
        case 48..<54:
            let index = randomIndex()
            let before = rig.snapshot
            let removed = rig.queue.entries.indices.contains(index) ? rig.queue.entries[index].id : nil
            do {
                let effects = try rig.remove(index)
                if let removed { failed.remove(removed) }
                return (effects, false)
            } catch {
                expectUnchanged(before, error, index: index, count: rig.queue.count)
                return ([], false)
            }
        case 54..<59:
            let source = randomIndex()
            let destination = randomIndex()
            let before = rig.snapshot
            do {
                return (try rig.move(source, to: destination), false)
            } catch {
                let bad = rig.queue.entries.indices.contains(source) ? destination : source
                expectUnchanged(before, error, index: bad, count: rig.queue.count)
                return ([], false)
            }
        case 59:
            return (rig.clear(), false)
        case 60..<65:
            let index = randomIndex()
            let before = rig.snapshot
            do {
                let effects = try rig.playIndex(index)
                failed.remove(rig.entry(index).id)
                return (effects, false)
            } catch {
                expectUnchanged(before, error, index: index, count: rig.queue.count)
                return ([], false)
            }
        case 65..<70:
            guard !everSeen.isEmpty else { return ([], false) }
            let id = everSeen[int(0...(everSeen.count - 1))]
            let tags = TrackMetadata(
                title: chance(50) ? nil : "T\(int(0...2))",
                duration: chance(30) ? nil : Double(int(4...1200)) / 4)
            return (rig.setMetadata(tags, for: id), false)
        case 70..<73:
            return (rig.setRepeatMode(RepeatMode.allCases[int(0...2)]), false)
        default:
            return randomReport()
        }
    }

    mutating func randomReport() -> ([PlayerEffect], Bool) {
        let roll = int(0...99)
        if roll < 30, output.loaded != nil {
            // The loaded track ends: the output moves on to what it pre-rolled, or runs out.
            if let next = output.prepared {
                output.loaded = next
                output.prepared = nil
                note("report.advanced")
                return (rig.report(.advanced(to: next.id)), false)
            }
            output = OutputModel()
            note("report.reachedEnd")
            return (rig.report(.reachedEnd), false)
        }
        if roll < 40, output.loaded != nil, !everSeen.isEmpty {
            // A race: the output took over an entry the player no longer wants next.
            let id = everSeen[int(0...(everSeen.count - 1))]
            output.loaded = rig.queue.index(of: id).map { rig.entry($0) } ?? QueueEntry(id: id, location: "/gone")
            output.prepared = nil
            note("report.staleAdvanced")
            return (rig.report(.advanced(to: id)), false)
        }
        if roll < 60 {
            let candidates = [output.loaded?.id, output.prepared?.id, everSeen.last].compactMap { $0 }
            guard !candidates.isEmpty else { return ([], false) }
            let id = candidates[int(0...(candidates.count - 1))]
            failed.insert(id)
            note("report.failed")
            return (rig.report(.failed(id)), false)
        }
        if roll < 65 {
            note("report.spuriousEnd")
            if output.loaded != nil { output = OutputModel() }
            return (rig.report(.reachedEnd), false)
        }
        note("report.position")
        return (rig.report(.positionObserved(double(-5...400))), true)
    }

    func expectUnchanged(_ before: PlayerRig.Snapshot, _ error: PlaybackError, index: Int, count: Int) {
        #expect(error == .indexOutOfRange(index, count: count), "step \(step)")
        #expect(rig.snapshot == before, "step \(step): a throwing edit changed the player")
    }

    func checkStatus(_ outcome: CommandOutcome, for command: RemoteCommand) {
        let status = outcome.status
        if outcome.reason == .disabled {
            #expect(!rig.player.commandCenter.isEnabled(command.kind), "step \(step)")
            return
        }
        switch status {
        case .success:
            break
        case .noSuchContent:
            #expect(command == .nextTrack, "step \(step): \(command) answered noSuchContent")
            #expect(rig.state == .stopped && rig.queue.currentIndex == nil, "step \(step)")
        case .noActionableNowPlayingItem:
            switch command {
            case .seekForward(.begin), .seekBackward(.begin):
                #expect(!rig.player.isLoaded, "step \(step)")
            default:
                #expect(rig.state == .stopped && rig.queue.currentIndex == nil, "step \(step)")
            }
        case .commandFailed:
            #expect(outcome.reason == .unsupportedPlaybackRate, "step \(step): \(command)")
        case .deviceNotFound:
            Issue.record("step \(step): \(command) answered \(status)")
        }
        if command == .play, status == .success {
            #expect(rig.state == .playing, "step \(step): play succeeded without playing")
        }
    }

    mutating func check(effects: [PlayerEffect], before: PlayerRig.Snapshot, silent: Bool) {
        let player = rig.player
        let now = rig.now
        for effect in effects {
            switch effect {
            case .load: note("effect.load")
            case .stop: note("effect.stop")
            case .prepareNext: note("effect.prepareNext")
            default: break
            }
        }
        if let problem = output.apply(effects) { Issue.record("step \(step): \(problem)") }

        #expect([.playing, .paused, .stopped].contains(player.state), "step \(step)")
        if player.isLoaded {
            #expect(output.loaded == player.queue.current, "step \(step): output plays another entry")
            #expect(output.playing == (player.state == .playing), "step \(step): output play state differs")
            #expect(output.prepared == expectedNext(), "step \(step): wrong pre-rolled entry after \(effects)")
        } else {
            #expect(output.loaded == nil, "step \(step): output still holds an entry while \(player.state)")
        }

        let info = player.nowPlayingInfo(at: now)
        #expect((info == nil) == (player.queue.current == nil), "step \(step)")
        if let info, let current = player.queue.current {
            #expect(info.playbackQueueIndex == player.queue.currentIndex, "step \(step)")
            #expect(info.playbackQueueCount == player.queue.count, "step \(step)")
            #expect(info.playbackRate == (player.state == .playing ? player.outputRate : 0), "step \(step)")
            #expect(info.timestamp == now, "step \(step)")
            #expect(info.metadata == (player.metadata(for: current.id) ?? TrackMetadata()), "step \(step)")
            #expect(info.assetURL.hasPrefix("file:///"), "step \(step)")
            #expect(!info.assetURL.contains(" "), "step \(step)")
            let duration = info.metadata.duration ?? .infinity
            #expect(info.elapsedPlaybackTime >= 0 && info.elapsedPlaybackTime <= duration, "step \(step)")
        }

        let elapsed = player.elapsed(at: now)
        let later = player.elapsed(at: now + 10)
        if player.state == .playing {
            let duration = player.metadata(for: player.queue.current!.id)?.duration ?? .infinity
            let expected = max(0, min(elapsed + 10 * player.outputRate, duration))
            #expect(abs(later - expected) < 1e-6 * max(1, expected), "step \(step): elapsed does not advance")
        } else {
            #expect(later == elapsed, "step \(step): elapsed moves while \(player.state)")
        }

        let after = rig.snapshot
        if after.queue.entries != before.queue.entries || after.queue.currentIndex != before.queue.currentIndex
            || after.queue.playOrder != before.queue.playOrder
        {
            #expect(effects.contains(.queueChanged), "step \(step): queue changed silently: \(effects)")
        }
        if !silent, after.info != before.info || after.state != before.state {
            #expect(effects.contains(.nowPlayingChanged), "step \(step): now-playing changed silently: \(effects)")
        }
    }
}

@Suite struct PlayerRandomizedTests {
    /// Thousands of seeded random commands, edits and reports keep the player's invariants,
    /// keep the output in step with the player, and publish every visible change.
    @Test(arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
    func randomSequenceKeepsInvariants(seed: UInt64) {
        var walk = RandomWalk(seed: seed)
        walk.run(steps: 4_000)
        for key in [
            "effect.load", "effect.stop", "effect.prepareNext", "report.advanced", "report.reachedEnd",
            "report.staleAdvanced", "report.failed", "status.noSuchContent", "status.noActionableNowPlayingItem",
            "status.commandFailed",
        ] {
            #expect(walk.tally[key, default: 0] > 0, "seed \(seed) never exercised \(key)")
        }
    }

    /// The generator replays the same sequence for the same seed.
    @Test func generatorIsDeterministic() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let a = (0..<5).map { _ in first.next() }
        let b = (0..<5).map { _ in second.next() }
        #expect(a == b)
        #expect(Set(a).count == 5)
    }
}
