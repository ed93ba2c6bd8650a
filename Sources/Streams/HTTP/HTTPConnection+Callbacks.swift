import CCurl
import Foundation
import TextEncodings

/// libcurl's body callback: hands the bytes to the connection whose pointer it was given.
func httpBodyCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    let connection = Unmanaged<HTTPConnection>.fromOpaque(context!).takeUnretainedValue()
    return connection.receive(body: UnsafeRawBufferPointer(start: data, count: size * count))
}

/// libcurl's header callback: one header line at a time, for every response on the way.
func httpHeaderCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    let connection = Unmanaged<HTTPConnection>.fromOpaque(context!).takeUnretainedValue()
    return connection.receive(header: UnsafeRawBufferPointer(start: data, count: size * count))
}

/// What the callbacks do with the bytes, on the transfer thread inside libcurl.
extension HTTPConnection {
    /// Takes a piece of the body into the ring (audio and metadata apart for ICY), or
    /// pauses the transfer when the ring has no room for it.
    /// - Returns: the bytes taken, or libcurl's pause.
    func receive(body bytes: UnsafeRawBufferPointer) -> Int {
        condition.lock()
        defer { condition.unlock() }
        // Bytes meant for a position the reader left, or for a closing connection, wait
        // paused until the request is dropped.
        guard seekTarget == nil, !stopRequested else { return rondo_curl_write_pause() }
        guard ring.canTake(bytes.count) else {
            pausedForRoom = true
            return rondo_curl_write_pause()
        }
        current.lastDataAt = .now
        let before = ring.end
        if var demuxer = current.demuxer {
            demuxer.feed(bytes, audio: { keep(audio: $0) }, block: { note(block: $0) })
            current.demuxer = demuxer
        } else {
            keep(audio: bytes)
        }
        // Only new audio counts: a rejoined station's repeated burst restores nothing.
        current.delivered += Int(ring.end - before)
        if window != nil, current.delivered >= ResumeWindow.restoredBytes { window = nil }
        condition.broadcast()
        return bytes.count
    }

    /// Puts audio in the ring, through the rejoined stream's splice while it looks for where
    /// to pick up. What the splice lets go at once may pass the ring's room, and so may the
    /// rest of the piece it let go in (an ICY piece hands its audio over in parts): a
    /// rejoined stream is live, so its oldest unread bytes give way. Called under `condition`.
    private func keep(audio bytes: UnsafeRawBufferPointer) {
        guard var splice = current.splice else { return ring.append(bytes) }
        guard !splice.isDone else { return ring.appendDiscardingOldest(bytes) }
        let released = splice.take(bytes, at: .now)
        current.splice = splice
        released.withUnsafeBytes { ring.appendDiscardingOldest($0) }
    }

    /// Takes a header line; at the end of the final response's head, accepts or refuses it.
    /// - Returns: the bytes taken, or 0 to abort the transfer (`current.verdict` says why).
    func receive(header bytes: UnsafeRawBufferPointer) -> Int {
        current.lastDataAt = .now
        current.headerBytes += bytes.count
        guard current.headerBytes <= HTTPTransferState.headerLimit else {
            current.verdict = CurlFailure(reason: "the response's headers pass 64 KiB", isTransient: false)
            return 0
        }
        // Trailers after a chunked body change nothing.
        guard !current.accepted else { return bytes.count }
        // A station's headers are in its metadata's encoding, which nobody declares.
        guard current.head.add(line: LenientText.decode(bytes, hint: charset)), !current.head.isInterim else { return bytes.count }
        if let refusal = condition.withLock({ accept(current.head) }) {
            current.verdict = refusal
            return 0
        }
        current.demuxer = current.head.headers["icy-metaint"].flatMap { Int($0) }.flatMap { ICYDemuxer(metaint: $0) }
        current.accepted = true
        return bytes.count
    }

    /// Checks a final response's head against what this request asked for, and learns the
    /// resource's facts from the first. Called under `condition`.
    /// - Returns: why the response cannot be used, or `nil`.
    private func accept(_ head: HTTPResponseHead) -> CurlFailure? {
        guard head.status < 400 else { return CurlFailure(reason: head.statusDescription, isTransient: head.status >= 500) }
        guard (200..<300).contains(head.status) else {
            return CurlFailure(reason: "unexpected answer \(head.statusDescription)", isTransient: false)
        }
        switch current.kind {
        case .first:
            let range = head.status == 206 ? head.contentRange : nil
            if head.status == 206, range?.start != 0 {
                return CurlFailure(reason: "the server sent a range that does not start at byte 0", isTransient: false)
            }
            let length = head.status == 206 ? range?.total : head.contentLength
            let isLive = length == nil || head.hasICYHeaders
            var finalURL: UnsafeMutablePointer<CChar>?
            rondo_curl_get_string(easy, CURLINFO_EFFECTIVE_URL, &finalURL)
            facts = Facts(
                finalURL: finalURL.map { String(cString: $0) } ?? url, contentType: head.contentType,
                stationName: head.stationName, length: length, isLive: isLive, isStation: head.hasICYHeaders,
                isSeekable: !isLive && (head.status == 206 || head.acceptsRanges))
            let station = head.stationFields
            if !station.isEmpty { metadata.append((0, station)) }
        case .range(let offset):
            guard head.status == 206, let range = head.contentRange, range.start == offset, range.total == facts?.length else {
                return CurlFailure(reason: "the server did not resume at byte \(offset) (\(head.statusDescription))", isTransient: false)
            }
            if window != nil { resumes += 1 }
        case .rejoin:
            rejoins += 1
        }
        return nil
    }

    /// Queues a metadata block's title, when it changed, for the reader to meet at the
    /// offset of the audio after it. Called under `condition`.
    private func note(block: [UInt8]) {
        let parsed = ICYMetadata(block, charset: charset)
        guard let title = parsed.streamTitle else { return }
        var fields = ["StreamTitle": title]
        if let address = parsed.fields["StreamUrl"], !address.isEmpty { fields["StreamUrl"] = address }
        guard fields != lastFields else { return }
        lastFields = fields
        if metadata.count >= Self.metadataLimit { metadata.removeLast() }
        metadata.append((ring.end, fields))
    }
}
