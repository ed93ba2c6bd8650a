import Library
import Playback
import TagReading

extension TrackDescription {
    /// What is shown of a radio station before its stream says more: its name as the title,
    /// its identifier and its picture. Nothing is read: the station's row says it all.
    init(_ station: CatalogStation) {
        self.init(
            metadata: TrackMetadata(
                title: station.name, externalContentIdentifier: station.identifier,
                artwork: station.artworkURL.map { Artwork(mimeType: nil, width: nil, height: nil, url: $0) }),
            replayGain: ReplayGainValues(), libraryTrack: nil)
    }
}
