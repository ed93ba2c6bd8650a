import Foundation

extension MediaPaths {
    /// The URL a queue item shows for `location`: a stream's own URL, else the file's
    /// `file://` URL.
    static func assetURL(of location: String) -> String {
        isStreamURL(location) ? location : URL(fileURLWithPath: location).absoluteString
    }
}
