/// The methods of SPEC §12: podcasts.
extension Methods {
    /// `podcast.subscribe`: fetches a feed and keeps it as a show with its episodes.
    public enum PodcastSubscribe: RPCMethod {
        public typealias Params = PodcastSubscribeParams
        public typealias Result = PodcastSubscribeResult
        public static let name = "podcast.subscribe"
    }
    /// `podcast.unsubscribe`: forgets a show, its episodes and their downloads.
    public enum PodcastUnsubscribe: RPCMethod {
        public typealias Params = PodcastShowParams
        public typealias Result = Empty
        public static let name = "podcast.unsubscribe"
    }
    /// `podcast.list`: every subscribed show, by title.
    public enum PodcastList: RPCMethod {
        public typealias Params = Empty
        public typealias Result = [PodcastShow]
        public static let name = "podcast.list"
    }
    /// `podcast.refresh`: fetches one show's feed, or every show's, now.
    public enum PodcastRefresh: RPCMethod {
        public typealias Params = PodcastShowParams
        public typealias Result = PodcastRefreshResult
        public static let name = "podcast.refresh"
    }
    /// `podcast.episodes`: a page of a show's episodes, newest first.
    public enum PodcastEpisodes: RPCMethod {
        public typealias Params = PodcastEpisodesParams
        public typealias Result = PodcastEpisodesResult
        public static let name = "podcast.episodes"
    }
    /// `podcast.markPlayed`: marks an episode played or not.
    public enum PodcastMarkPlayed: RPCMethod {
        public typealias Params = PodcastMarkPlayedParams
        public typealias Result = Empty
        public static let name = "podcast.markPlayed"
    }
    /// `podcast.importOPML`: subscribes to every feed of an OPML file.
    public enum PodcastImportOPML: RPCMethod {
        public typealias Params = PodcastImportParams
        public typealias Result = PodcastImportResult
        public static let name = "podcast.importOPML"
    }
    /// `podcast.exportOPML`: every subscription as an OPML document.
    public enum PodcastExportOPML: RPCMethod {
        public typealias Params = Empty
        public typealias Result = PodcastExportResult
        public static let name = "podcast.exportOPML"
    }
}
