public import Audio
import Foundation
public import TextEncodings

/// The bytes at an `http://` or `https://` address as a ``ByteSource``: a file on a web
/// server (seekable when the server serves byte ranges) or a live stream (SHOUTcast,
/// Icecast), its ICY metadata taken out of the bytes and reported through ``onMetadata``.
///
/// A transfer thread (`rondo-http`, one per source) reads ahead into a buffer of
/// ``HTTPOptions/bufferBytes`` and pauses the transfer when it is full; a dropped
/// connection is restored within ``HTTPOptions/resumeWithin`` (a file at its byte offset,
/// a live stream joined again) while reads wait. The most recently read 64 KiB stay
/// behind the reader, so a decoder that looks at a stream's first bytes and goes back to
/// its start does so without the network, live streams included.
///
/// Threading: like every source, used by one reader at a time; `onMetadata` is called
/// from ``read(into:)`` on the reader's thread. ``bufferedBytes``, ``isWaitingForNetwork``,
/// ``resumes`` and ``rejoins`` may be read from any thread.
public final class HTTPByteSource: ByteSource {
    /// The address as given.
    public let name: String
    /// The address after redirects.
    public let finalURL: String
    /// The media type the server named, lowercased, without parameters (`audio/mpeg`).
    public let contentType: String?
    /// The station's name (`icy-name`, else `ice-name`, else `x-audiocast-name`), for a
    /// SHOUTcast or Icecast stream.
    public let stationName: String?
    /// The resource's length in bytes (a range answer's total), `nil` when unknown.
    public let length: Int64?
    /// No length known, or ICY headers: no end, no seeking outside the buffer.
    public let isLiveStream: Bool
    /// Not live, and the server serves byte ranges.
    public let isSeekable: Bool
    public var onMetadata: (([String: String]) -> Void)?
    /// The encoding the address's `#charset=` names (MPD's convention), in which the
    /// station's metadata and headers are read first.
    public var metadataEncoding: TextEncoding? { connection.charset }
    public private(set) var position: Int64 = 0
    public private(set) var atEnd = false
    private let connection: HTTPConnection

    /// Connects to `url` (following at most ``HTTPOptions/maxRedirects`` redirects), reads
    /// the response's head, and returns once its body has started.
    /// - Throws: ``AudioError/unreachable(_:reason:)`` when the host is not found, refuses,
    ///   fails TLS verification against the system's CA store, answers HTTP 400 or more, or
    ///   sends nothing within ``HTTPOptions/timeout``.
    /// - Parameter moves: where addresses moved; a dropped file resumes from where its
    ///   address is then.
    public init(url: String, options: HTTPOptions = HTTPOptions(), moves: AddressMoves? = nil) throws(AudioError) {
        let connection = try HTTPConnection(url: url, options: options, moves: moves)
        connection.startThread()
        let facts: HTTPConnection.Facts
        do {
            facts = try connection.waitForBody()
        } catch {
            connection.close()
            throw error
        }
        name = url
        finalURL = facts.finalURL
        contentType = facts.contentType
        stationName = facts.stationName
        length = facts.length
        isLiveStream = facts.isLive
        isSeekable = facts.isSeekable
        self.connection = connection
    }

    deinit { connection.close() }

    public var isRemote: Bool { true }

    /// Bytes read ahead of the reader.
    public var bufferedBytes: Int { connection.bufferedBytes }

    /// Whether a read would wait for the network now: nothing buffered and more to come
    /// (the player's `buffering`).
    public var isWaitingForNetwork: Bool { connection.isWaitingForNetwork }

    /// How many times a dropped file was resumed at its byte offset.
    public var resumes: Int { connection.condition.withLock { connection.resumes } }

    /// How many times a dropped live stream was joined again.
    public var rejoins: Int { connection.condition.withLock { connection.rejoins } }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let result = connection.read(into: base, count: buffer.count)
        for fields in result.metadata { onMetadata?(fields) }
        if let failure = result.failure { throw failure }
        position += Int64(result.count)
        if result.count == 0 { atEnd = true }
        return result.count
    }

    /// Moves the next read to `offset`: at once inside the buffer and the 64 KiB behind
    /// the reader, else (a seekable resource only) by a new request with a `Range` header,
    /// whose answer the next read waits for.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` for a live stream outside its
    ///   buffer or an offset past the end; the connection's failure when it failed.
    public func seek(to offset: Int64) throws(AudioError) {
        guard offset >= 0 else { throw .decodeFailed(name, reason: "seek to a negative offset, \(offset)") }
        try connection.seek(to: offset, name: name)
        position = offset
        atEnd = false
    }

    /// Stops the transfer and its thread; reads after it find the end. Called when the
    /// source goes, if not before.
    public func close() { connection.close() }
}
