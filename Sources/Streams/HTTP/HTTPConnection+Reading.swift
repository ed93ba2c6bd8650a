import Audio
import CCurl
import Foundation

/// The reader's side: bytes out of the ring, seeks, and what the reader may ask about.
extension HTTPConnection {
    /// What one read came to.
    struct ReadResult {
        /// The bytes copied; 0 at the end or on a failure.
        var count: Int
        /// The metadata the reader reached, oldest first.
        var metadata: [[String: String]]
        /// The failure to throw once the buffer is read.
        var failure: AudioError?
    }

    /// Copies up to `count` bytes at the reader's offset, waiting for at least one, the end
    /// or a failure; stops short of the next metadata change, so the reader meets it at
    /// its offset. Resumes a transfer paused for room once half the buffer is free.
    func read(into destination: UnsafeMutableRawPointer, count: Int) -> ReadResult {
        condition.lock()
        var due: [[String: String]] = []
        while true {
            while let first = metadata.first, first.offset <= ring.readOffset { due.append(metadata.removeFirst().fields) }
            if ring.unread > 0 {
                let limit = metadata.first.map { min(count, Int($0.offset - ring.readOffset)) } ?? count
                let copied = ring.read(into: destination, count: limit)
                let wake = requestResumeIfRoom()
                condition.unlock()
                if wake { curl_multi_wakeup(multi) }
                return ReadResult(count: copied, metadata: due, failure: nil)
            }
            switch phase {
            case .failed(let error):
                condition.unlock()
                return ReadResult(count: 0, metadata: due, failure: error)
            case .ended, .closed:
                condition.unlock()
                return ReadResult(count: 0, metadata: due, failure: nil)
            case .streaming:
                condition.wait()
            }
        }
    }

    /// Moves the reader to `offset`: inside what the ring holds at once, else by a new
    /// request for the bytes from there.
    /// - Throws: the connection's failure; ``AudioError/decodeFailed(_:reason:)`` for a
    ///   live stream outside its buffer, an offset past the end, or a closed connection.
    func seek(to offset: Int64, name: String) throws(AudioError) {
        condition.lock()
        if case .failed(let error) = phase {
            condition.unlock()
            throw error
        }
        guard !stopRequested else {
            condition.unlock()
            throw .decodeFailed(name, reason: "the stream was closed")
        }
        if ring.holds(offset) {
            ring.moveReader(to: offset)
            let wake = requestResumeIfRoom()
            condition.unlock()
            if wake { curl_multi_wakeup(multi) }
            return
        }
        guard let facts, facts.isSeekable else {
            condition.unlock()
            throw .decodeFailed(name, reason: "a live stream cannot seek outside the bytes it holds (to byte \(offset))")
        }
        if let length = facts.length, offset > length {
            condition.unlock()
            throw .decodeFailed(name, reason: "seek to byte \(offset), past the end at \(length)")
        }
        ring.reset(at: offset)
        metadata.removeAll()
        seekTarget = offset
        phase = offset == facts.length ? .ended : .streaming
        condition.unlock()
        curl_multi_wakeup(multi)
    }

    /// Asks the transfer thread to resume a transfer paused for room once half the ring is
    /// free. Called under `condition`.
    /// - Returns: whether to wake the transfer thread.
    private func requestResumeIfRoom() -> Bool {
        guard pausedForRoom, !resumeRequested, ring.unread <= ring.limit / 2 else { return false }
        resumeRequested = true
        return true
    }

    /// Bytes read ahead and not yet read.
    var bufferedBytes: Int { condition.withLock { ring.unread } }

    /// Whether the reader would wait for the network now: nothing buffered, more to come.
    var isWaitingForNetwork: Bool {
        condition.withLock {
            guard case .streaming = phase else { return false }
            return ring.unread == 0
        }
    }
}
