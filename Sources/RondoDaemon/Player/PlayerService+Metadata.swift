import Audio
import Foundation
import Logging
import Playback

/// What the player shows of each entry: title, artist, album, cover and identifier.
extension PlayerService {
    /// What the player shows of `entry`: the library's row when the library has the file
    /// (read once, no file opened), else its tags (read once; an embedded cover cached).
    func metadata(for entry: QueueEntry) -> TrackMetadata {
        if let cached = tagCache[entry.location] { return cached }
        if let track = libraryTrack(at: entry.location) {
            let metadata = TrackMetadata(track)
            tagCache[entry.location] = metadata
            return metadata
        }
        let tags = (try? tagReader.scanTags(at: entry.location)) ?? FileTags()
        fileReplayGain[entry.location] = tags.replayGain.values
        var artworkURL: String?
        if let picture = tags.picture {
            do {
                artworkURL = try artworkCache.store(picture).absoluteString
            } catch {
                logger.warning("no artwork for \(entry.location): \(error)")
            }
        }
        let metadata = TrackMetadata(tags, location: entry.location, artworkURL: artworkURL)
        tagCache[entry.location] = metadata
        return metadata
    }
}
