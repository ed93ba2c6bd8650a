import Feeds
import Foundation
import Library
import RondoProtocol
import Streams

/// What the `podcast.*` methods check of what a client gives (a feed's address, an OPML
/// file) and how they word what went wrong.
extension PodcastService {
    /// `url` when it is an http(s) address with a host, at most 8192 bytes.
    static func checkedFeedURL(_ url: String) throws(RPCError) -> String {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 8192, let parsed = URL(string: trimmed), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", parsed.host?.isEmpty == false
        else {
            throw RPCError(.badParam, "url must be a feed's http:// or https:// address, got \"\(url.prefix(200))\"")
        }
        return trimmed
    }

    /// The feeds of the OPML file at `path`; only a regular file is read (a FIFO or a
    /// device would block the reader, or never end).
    static func readOPML(_ path: String) throws(RPCError) -> [OPML.Entry] {
        guard path.hasPrefix("/") else { throw RPCError(.badParam, "path must be absolute, got \"\(path)\"") }
        // Opened without blocking and checked on the descriptor, so nothing swapped in
        // between a look and the open can block the thread.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw RPCError(.notFound, "cannot read \(path)") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw RPCError(.badParam, "\(path) is not a regular file; give an OPML file")
        }
        let data = (try? handle.read(upToCount: maximumOPMLBytes + 1)) ?? Data()
        guard data.count <= maximumOPMLBytes else {
            throw RPCError(.badParam, "\(path) is larger than \(maximumOPMLBytes >> 20) MiB; no OPML list is that long")
        }
        do {
            return try OPML.entries(in: data)
        } catch {
            throw RPCError(.decodeFailed, "\(path) is not an OPML list: \(error)")
        }
    }

    static func noSuchShow(_ identifier: String) -> RPCError {
        RPCError(.notFound, "no subscribed show \(identifier) (rondo podcast list shows them)")
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as FetchError: error.description
        case let error as FeedError: error.description
        case let error as StoreError: "the database: \(error)"
        default: String(describing: error)
        }
    }
}
