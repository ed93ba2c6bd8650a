extension PlayerService {
    /// Sets `release_after` (a reload): an idle session not yet released is released
    /// `seconds` after its sound stopped.
    func setReleaseAfter(_ seconds: Double) {
        sessionRelease.setReleaseAfter(seconds)
        chores.ring()
    }
}
