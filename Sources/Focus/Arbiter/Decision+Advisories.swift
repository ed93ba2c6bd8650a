extension Decision {
    /// Sends each advisory that has come due, at most once per activation: a `voicePrompt`
    /// session silent for more than the prompt hold, and a session activated within the
    /// launch window that has played nothing for more than the prompt hold.
    /// - Returns: the advisories, in open order.
    mutating func advise() -> [FocusEffect] {
        var advisories: [FocusEffect] = []
        let hold = policy.promptHoldSeconds
        for index in state.sessions.indices where state.sessions[index].state.isActive {
            let session = state.sessions[index]
            if session.configuration.mode == .voicePrompt, let silentSince = session.silentSince,
                now - silentSince > hold, !session.advised.contains(.silentPrompt)
            {
                state.sessions[index].advised.insert(.silentPrompt)
                advisories.append(
                    .advisory(
                        session.id,
                        message: "voice prompt session \"\(session.id)\" held active without sound for more than "
                            + "\(Self.seconds(hold)) s; deactivate it when the prompt ends"
                    )
                )
            }
            if let activatedAt = session.activatedAt, activatedAt - state.startedAt <= policy.launchWindowSeconds,
                !session.soundedSinceActivation, now - activatedAt > hold, !session.advised.contains(.idleAtLaunch)
            {
                state.sessions[index].advised.insert(.idleAtLaunch)
                advisories.append(
                    .advisory(
                        session.id,
                        message: "session \"\(session.id)\" activated at launch with nothing to play; "
                            + "activate it when it has something to play"
                    )
                )
            }
        }
        return advisories
    }

    /// `seconds` for a message: `3` rather than `3.0`.
    private static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
