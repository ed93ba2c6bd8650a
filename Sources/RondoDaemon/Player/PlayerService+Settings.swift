extension PlayerService {
    /// Sets `release_after` (a reload): an idle session not yet released is released
    /// `seconds` after its sound stopped.
    func setReleaseAfter(_ seconds: Double) {
        if let deadline = releaseDeadline { releaseDeadline = deadline - releaseAfter + seconds }
        releaseAfter = seconds
        chores.ring()
    }
}
