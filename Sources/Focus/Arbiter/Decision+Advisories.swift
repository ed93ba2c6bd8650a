extension Decision {
    /// Sends each advisory that has come due, at most once per activation: a `voicePrompt`
    /// session silent for more than the prompt hold, and a session activated within the
    /// launch window that has played nothing for more than the prompt hold.
    /// - Returns: the advisories, in open order.
    mutating func advise() -> [FocusEffect] {
        var advisories: [FocusEffect] = []
        let hold = policy.promptHoldSeconds
        for pending in state.pendingAdvisories(policy: policy) where now - pending.heldSince > hold {
            let id = state.sessions[pending.index].id
            state.sessions[pending.index].advised.insert(pending.advisory)
            switch pending.advisory {
            case .silentPrompt:
                advisories.append(
                    .advisory(
                        id,
                        message: "voice prompt session \"\(id)\" held active without sound for more than "
                            + "\(Self.seconds(hold)) s; deactivate it when the prompt ends"
                    )
                )
            case .idleAtLaunch:
                advisories.append(
                    .advisory(
                        id,
                        message: "session \"\(id)\" activated at launch with nothing to play; "
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

/// An advisory not yet sent that comes due once its session has been held for more than the
/// prompt hold since `heldSince`.
struct PendingAdvisory {
    /// The session's index in ``FocusState/sessions``.
    let index: Int
    let advisory: Advisory
    /// When the hold began: the silence of a voice prompt, or the activation at launch.
    let heldSince: Double
}

extension FocusState {
    /// The advisories that would be sent once their hold runs out, in open order (within a
    /// session, the silent prompt first): only active sessions, at most once per activation.
    func pendingAdvisories(policy: FocusPolicy) -> [PendingAdvisory] {
        var pending: [PendingAdvisory] = []
        for (index, session) in sessions.enumerated() where session.state.isActive {
            if session.configuration.mode == .voicePrompt, let silentSince = session.silentSince,
                !session.advised.contains(.silentPrompt)
            {
                pending.append(PendingAdvisory(index: index, advisory: .silentPrompt, heldSince: silentSince))
            }
            if let activatedAt = session.activatedAt, activatedAt - startedAt <= policy.launchWindowSeconds,
                !session.soundedSinceActivation, !session.advised.contains(.idleAtLaunch)
            {
                pending.append(PendingAdvisory(index: index, advisory: .idleAtLaunch, heldSince: activatedAt))
            }
        }
        return pending
    }
}
