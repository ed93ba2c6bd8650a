import Foundation
import Library
import RondoProtocol

extension ContentItem {
    /// The wire form of a browse-tree item; a cached cover becomes a `file://` URL, a
    /// station's picture keeps its own.
    init(_ item: BrowseItem) {
        let cached = item.artwork.map {
            ArtworkPayload(
                mimeType: $0.mimeType, width: $0.width, height: $0.height, url: URL(fileURLWithPath: $0.path).absoluteString)
        }
        self.init(
            identifier: item.identifier, title: item.title, subtitle: item.subtitle, isContainer: item.isContainer,
            isPlayable: item.isPlayable, isStreamingContent: item.isStreamingContent,
            isExplicitContent: item.isExplicitContent, playbackProgress: item.playbackProgress,
            artwork: cached ?? item.artworkURL.map { ArtworkPayload(mimeType: nil, width: nil, height: nil, url: $0) })
    }
}

extension ContentLimitsPayload {
    /// The wire form of the content limits.
    init(_ limits: ContentLimits) {
        self.init(enforced: limits.enforced, itemLimit: limits.itemLimit, depthLimit: limits.depthLimit)
    }
}

extension RPCError {
    /// The domain error that tells a client why a browse request failed.
    init(_ error: BrowseError) {
        switch error {
        case .indexOutOfRange: self.init(.indexOutOfRange, error.description)
        case .contentLimitExceeded: self.init(.contentLimitExceeded, error.description)
        case .notFound: self.init(.notFound, error.description)
        case .notPlayable, .nothingToPlay, .badLimits: self.init(.badParam, error.description)
        case .store: self.init(.libraryBusy, error.description)
        }
    }
}
