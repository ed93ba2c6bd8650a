import CSDBus
import Glibc
import Logging

/// Finding a process's player, pausing it and playing it again, on the players' thread.
extension ForeignPlayers {
    /// How long a player has to answer `Play`, `Pause` or a last read of its status.
    static let playerCallTimeout = 1.0

    /// Whether a bus name is another program's player: Rondo's own (with its instance names)
    /// is never paused as a foreign one.
    static func isForeignPlayer(_ name: String) -> Bool {
        name.hasPrefix(playerPrefix) && name != MPRISService.busName && !name.hasPrefix(MPRISService.busName + ".")
    }

    func beginPause(processID: Int32, within seconds: Double, completion: @escaping @Sendable (ForeignPauseOutcome) -> Void) {
        let waiter = nextWaiter
        nextWaiter += 1
        waiters[waiter] = completion
        let chain = ProcessAncestry.chain(from: processID)
        guard bus != nil, !chain.isEmpty else { return report(.noPlayer, to: [waiter]) }
        callBusDaemon("ListNames") { [self] reply in
            guard case .message(let message) = reply, let names = BusMessage.readStrings(message) else {
                return report(.noPlayer, to: [waiter])
            }
            playersOfNearestProcess(names.filter(Self.isForeignPlayer), in: chain) { [self] players in
                pauseFirstPlaying(players, within: seconds, waiter: waiter)
            }
        }
    }

    /// The players of the process nearest the chain's start that has any, by name.
    private func playersOfNearestProcess(_ players: [String], in chain: [Int32], then handler: @escaping ([String]) -> Void) {
        guard !players.isEmpty else { return handler([]) }
        var unanswered = players.count
        var found: [(rank: Int, player: String)] = []
        let ownProcess = getpid()
        for player in players {
            callBusDaemon("GetConnectionUnixProcessID", argument: player) { reply in
                if case .message(let message) = reply, let processID = BusMessage.readUInt32(message).map(Int32.init(bitPattern:)),
                    processID != ownProcess, let rank = chain.firstIndex(of: processID)
                {
                    found.append((rank, player))
                }
                unanswered -= 1
                guard unanswered == 0 else { return }
                let nearest = found.map(\.rank).min()
                handler(found.filter { $0.rank == nearest }.map(\.player).sorted())
            }
        }
    }

    /// Sends `Pause` to the first of `players` that plays, unless Rondo is pausing or has
    /// paused it already; no player when none plays.
    private func pauseFirstPlaying(_ players: [String], within seconds: Double, waiter: Int) {
        guard let player = players.first else { return report(.noPlayer, to: [waiter]) }
        let others = Array(players.dropFirst())
        readStatus(of: player, timeout: max(0.1, seconds)) { [self] owner, status in
            guard let owner, let status else { return pauseFirstPlaying(others, within: seconds, waiter: waiter) }
            if let steps = ledger.join(player: player, owner: owner, status: status, waiter: waiter) { return perform(steps) }
            guard status == "Playing" else { return pauseFirstPlaying(others, within: seconds, waiter: waiter) }
            ledger.pauseSent(player: player, owner: owner, deadline: MPRISService.monotonicSeconds() + seconds, waiter: waiter)
            callPlayer(player, "Pause") { [self] reply in
                if case .failure(let name) = reply { logger.debug("MPRIS players: \(player) answered Pause with \(name)") }
            }
        }
    }

    func beginResume(player: String, completion: @escaping @Sendable (Bool) -> Void) {
        guard bus != nil, ledger.isPaused(player: player) else { return completion(false) }
        readStatus(of: player, timeout: Self.playerCallTimeout) { [self] owner, status in
            let untouched = owner.map { ledger.mayResume(player: player, owner: $0) } ?? false
            // A pause that began meanwhile is another's, and stays.
            if ledger.isPaused(player: player) { perform(ledger.forget(player: player)) }
            guard untouched, status == "Paused" else {
                logger.info("MPRIS players: \(player) is left as it is: touched since Rondo paused it, or gone")
                return completion(false)
            }
            callPlayer(player, "Play") { [self] reply in
                if case .failure(let name) = reply { logger.info("MPRIS players: \(player) answered Play with \(name)") }
                if case .message = reply { completion(true) } else { completion(false) }
            }
        }
    }

    /// Carries out what the ledger asks.
    func perform(_ steps: [ForeignPauseLedger.Step]) {
        for step in steps {
            switch step {
            case .report(let waiters, let outcome): report(outcome, to: waiters)
            case .confirm(let player):
                readStatus(of: player, timeout: Self.playerCallTimeout) { [self] _, status in
                    perform(ledger.confirmed(player: player, status: status))
                }
            }
        }
    }

    private func report(_ outcome: ForeignPauseOutcome, to waiters: [Int]) {
        for waiter in waiters {
            guard let completion = self.waiters.removeValue(forKey: waiter) else { continue }
            switch outcome {
            case .paused(let player): logger.info("MPRIS players: \(player) paused")
            case .keptPlaying(let player): logger.info("MPRIS players: \(player) kept playing after Pause")
            case .noPlayer: break
            }
            completion(outcome)
        }
    }

    /// Reads `player`'s `PlaybackStatus`; the handler gets the unique name of the connection
    /// that answered and the status, or `nil`s when it did not answer with one.
    private func readStatus(of player: String, timeout: Double, then handler: @escaping (String?, String?) -> Void) {
        call(
            player, path: Self.playerPath, interface: "org.freedesktop.DBus.Properties", member: "Get",
            arguments: [.string("org.mpris.MediaPlayer2.Player"), .string(BusMessage.playbackStatus)], timeout: timeout
        ) { reply in
            guard case .message(let message) = reply, let sender = sd_bus_message_get_sender(message) else { return handler(nil, nil) }
            handler(String(cString: sender), BusMessage.readVariantString(message))
        }
    }

    private func callPlayer(_ player: String, _ member: String, then handler: @escaping (BusReply) -> Void) {
        call(
            player, path: Self.playerPath, interface: "org.mpris.MediaPlayer2.Player", member: member, timeout: Self.playerCallTimeout, then: handler)
    }
}
