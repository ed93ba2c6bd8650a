extension BrowseItem {
    /// The item that shows a catalog entry.
    init(_ entry: CatalogEntry) {
        switch entry {
        case .artist(let artist):
            self.init(
                identifier: artist.identifier, title: artist.name,
                subtitle: SubtitleText.counted(artist.albumCount, "album", "albums"),
                isContainer: true, isPlayable: false)
        case .album(let album):
            self.init(
                identifier: album.identifier, title: album.title,
                subtitle: SubtitleText.joined([album.artist, album.year.map(String.init)], separator: " · "),
                isContainer: true, isPlayable: album.trackCount > 0, artwork: album.artwork)
        case .genre(let genre):
            self.init(
                identifier: genre.identifier, title: genre.name,
                subtitle: SubtitleText.counted(genre.trackCount, "song", "songs"),
                isContainer: true, isPlayable: genre.trackCount > 0)
        case .playlist(let playlist):
            self.init(
                identifier: playlist.identifier, title: playlist.name,
                subtitle: SubtitleText.counted(playlist.trackCount, "song", "songs"),
                isContainer: true, isPlayable: playlist.trackCount > 0)
        case .show(let show):
            self.init(
                identifier: show.identifier, title: show.title,
                subtitle: SubtitleText.joined([show.artist], separator: ""),
                isContainer: true, isPlayable: show.trackCount > 0,
                playbackProgress: PlaybackProgress.of(show), artwork: show.artwork)
        case .track(let track):
            self.init(
                identifier: track.identifier, title: track.title,
                subtitle: SubtitleText.joined([track.artist ?? track.albumArtist, track.albumTitle], separator: " — "),
                isContainer: track.chapterCount > 0, isPlayable: true,
                isStreamingContent: track.episode.map { $0.downloadedPath == nil } ?? false,
                isExplicitContent: track.episode?.isExplicit ?? false,
                playbackProgress: PlaybackProgress.of(track), artwork: track.artwork, artworkURL: track.episode?.imageURL)
        case .podcast(let podcast):
            self.init(
                identifier: podcast.identifier, title: podcast.title,
                subtitle: podcast.unplayedCount > 0 ? "\(podcast.unplayedCount) new" : podcast.author,
                isContainer: true, isPlayable: podcast.episodeCount > 0, isStreamingContent: true,
                isExplicitContent: podcast.isExplicit,
                playbackProgress: PlaybackProgress.of(podcast), artworkURL: podcast.imageURL)
        case .chapter(let chapter):
            self.init(
                identifier: chapter.identifier, title: chapter.displayTitle,
                subtitle: SubtitleText.joined([chapter.track.title, SubtitleText.clock(chapter.start)], separator: " · "),
                isContainer: false, isPlayable: true,
                playbackProgress: PlaybackProgress.of(chapter), artwork: chapter.track.artwork)
        case .station(let station):
            self.init(
                identifier: station.identifier, title: station.name, subtitle: station.host,
                isContainer: false, isPlayable: true, isStreamingContent: true, artworkURL: station.artworkURL)
        }
    }
}
