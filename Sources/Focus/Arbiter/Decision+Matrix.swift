extension Decision {
    /// The error that stops `session` from being active as `configuration` under `matrix`:
    /// the first active session, in open order, whose row has `reject` in the column of the
    /// role `configuration` arbitrates as. Interrupted sessions hold no audio and refuse
    /// nobody.
    func matrixRefusal(
        of session: FocusSession, as configuration: SessionConfiguration, by matrix: InteractionMatrix
    ) -> FocusError? {
        let requester = matrix.role(of: configuration)
        let holder = state.sessions.first {
            $0.id != session.id && $0.state.isActive
                && matrix.interaction(holder: matrix.role(of: $0.configuration), requester: requester) == .reject
        }
        guard let holder else { return nil }
        let holderRole = matrix.role(of: holder.configuration)
        return .insufficientPriority(
            "session \"\(session.id)\" cannot be active while \"\(holder.id)\" is active "
                + "(policy \(policy.name) rejects role \(requester.rawValue) while role \(holderRole.rawValue) "
                + "holds the audio); try again when it has ended, or use a role it does not reject"
        )
    }
}
