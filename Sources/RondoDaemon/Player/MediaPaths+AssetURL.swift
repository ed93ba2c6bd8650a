import Foundation

extension MediaPaths {
    /// The URL a queue item shows for `location`: a stream's own URL, a file's `file://`
    /// URL; anything else (an episode's identifier not described yet) as it is, never a path
    /// under the daemon's working directory.
    static func assetURL(of location: String) -> String {
        guard location.hasPrefix("/") else { return location }
        return URL(fileURLWithPath: location).absoluteString
    }
}
