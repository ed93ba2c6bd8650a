import Library
import Playback

/// Each book and episode at its own speed (SPEC §11): the rate a spoken-word item was heard
/// at is kept with its resume point, and comes back when it plays again; what plays after
/// it goes back to the rate it had before.
extension PlayerService {
    /// Sets the rate for a new current item: a spoken-word library track's own, when it was
    /// heard before; the rate before the spoken word, for what follows it. Once per entry,
    /// as soon as the library's row for it is known.
    func adjustRateForCurrentItem() {
        guard let current = player.queue.current, current.id != spokenWordRate.adjustedEntry else { return }
        let spoken = isSpokenWord(current)
        let track = libraryTrack(at: current.location)
        if spoken, track == nil, descriptions[current.location] == nil { return }
        // A live stream keeps no rate: the rate to go back to waits for the next item.
        guard player.isEnabled(.changePlaybackRate) else { return }
        spokenWordRate.adjustedEntry = current.id
        let wanted: Double?
        if spoken, let remembered = track?.resumeRate {
            if spokenWordRate.rateBefore == nil { spokenWordRate.rateBefore = player.rate }
            wanted = remembered
        } else if !spoken, let before = spokenWordRate.rateBefore {
            spokenWordRate.rateBefore = nil
            wanted = before
        } else {
            wanted = nil
        }
        guard let wanted, wanted != player.rate else { return }
        let outcome = player.handle(.changePlaybackRate(wanted), at: now())
        apply(outcome.remoteEffects)
        _ = apply(outcome.effects)
    }

    /// Keeps the rate just chosen for the current spoken-word item, at once; `previous`, the
    /// rate before, is what the items after it that are not spoken word play at.
    func keepSpokenWordRate(changedFrom previous: Double) {
        guard let history, let current = player.queue.current, isSpokenWord(current) else { return }
        if spokenWordRate.rateBefore == nil { spokenWordRate.rateBefore = previous }
        let position = player.elapsed(at: now())
        history.resumePoint.record(current.location, at: position)
        history.saveResumePoint(of: current.location, at: position, rate: player.rate)
    }
}

/// What the player did with rates for spoken word: the entry whose rate was set last, and
/// the rate before a spoken-word item changed it.
struct SpokenWordRate {
    var adjustedEntry: UInt64?
    var rateBefore: Double?
}
