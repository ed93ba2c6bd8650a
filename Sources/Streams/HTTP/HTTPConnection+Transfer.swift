import Audio
import CCurl
import Foundation

/// The transfer thread: requests, their ends, drops and the attempts to restore them.
extension HTTPConnection {
    /// The transfer thread's loop: carries out the reader's requests, lets libcurl move the
    /// bytes, notices the end of a request, a stall, an attempt due; then waits for the
    /// network, a wake-up or a quarter of a second.
    func run() {
        start(.first)
        while true {
            condition.lock()
            if stopRequested {
                condition.unlock()
                break
            }
            let seek = seekTarget
            seekTarget = nil
            let unpause = resumeRequested && pausedForRoom
            resumeRequested = false
            if unpause { pausedForRoom = false }
            condition.unlock()

            if let seek {
                restart(at: seek)
            } else if unpause, active {
                current.lastDataAt = .now
                rondo_curl_unpause(easy)
            }
            if active {
                var running: Int32 = 0
                curl_multi_perform(multi, &running)
                drainMessages()
                checkStall()
            } else if let nextAttempt, nextAttempt <= .now {
                self.nextAttempt = nil
                attemptAgain()
            }
            curl_multi_poll(multi, nil, 0, Int32(pollMilliseconds()), nil)
        }
        if active { curl_multi_remove_handle(multi, easy) }
        condition.withLock {
            if case .streaming = phase { phase = .closed }
            threadFinished = true
            condition.broadcast()
        }
    }

    /// Sends a request of `kind`.
    func start(_ kind: HTTPTransferState.Kind) {
        current = HTTPTransferState(kind: kind, now: .now)
        if kind == .rejoin { current.splice = RejoinSplice(tail: condition.withLock { ring.newest(RejoinSplice.anchorLength) }) }
        errorBuffer[0] = 0
        switch kind {
        case .first: rondo_curl_set_string(easy, CURLOPT_RANGE, "0-")
        case .range(let offset): rondo_curl_set_string(easy, CURLOPT_RANGE, "\(offset)-")
        case .rejoin: rondo_curl_set_string(easy, CURLOPT_RANGE, nil)
        }
        condition.withLock { pausedForRoom = false }
        curl_multi_add_handle(multi, easy)
        active = true
    }

    /// Drops the request under way for one at `offset`, the reader's seek.
    private func restart(at offset: Int64) {
        stopTransfer()
        window = nil
        nextAttempt = nil
        let atEnd = condition.withLock { offset == facts?.length }
        if !atEnd { start(.range(offset)) }
    }

    private func stopTransfer() {
        if active { curl_multi_remove_handle(multi, easy) }
        active = false
    }

    /// A dropped transfer tried again: a file at the next byte it owes, from where its
    /// address moved meanwhile, if it did; a live stream joined anew.
    private func attemptAgain() {
        let (offset, seekable) = condition.withLock { (ring.end, facts?.isSeekable == true) }
        if seekable, let moved = moves?.destination(of: url), moved != url, moved != requestURL,
            let address = try? StreamAddress(moved)
        {
            requestURL = address.requestURL
            rondo_curl_set_string(easy, CURLOPT_URL, requestURL)
        }
        start(seekable ? .range(offset) : .rejoin)
    }

    /// Handles the requests libcurl reports finished.
    private func drainMessages() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE else { continue }
            let code = message.pointee.data.result
            stopTransfer()
            finished(with: failure(of: code))
        }
    }

    /// Why a finished request did not deliver the rest of the body, `nil` when it did.
    private func failure(of code: CURLcode) -> CurlFailure? {
        if let verdict = current.verdict { return verdict }
        guard code == CURLE_OK else {
            var osError = 0
            rondo_curl_get_long(easy, CURLINFO_OS_ERRNO, &osError)
            return CurlFailure(code: code, osError: osError, detail: String(cString: errorBuffer))
        }
        guard current.accepted else { return CurlFailure(reason: "the server sent no response", isTransient: true) }
        let (end, known) = condition.withLock { (ring.end, facts) }
        if let length = known?.length, end < length {
            return CurlFailure(reason: "connection closed at byte \(end) of \(length)", isTransient: true)
        }
        // A station has no end: it closing the stream is a drop to rejoin after.
        if known?.isStation == true { return CurlFailure(reason: "the station closed the stream", isTransient: true) }
        return nil
    }

    /// Ends the connection, or plans the next attempt, after a request finished or stalled.
    private func finished(with failure: CurlFailure?) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        // A seek asked for meanwhile starts over whatever this request came to.
        guard seekTarget == nil else { return }
        guard let failure else {
            phase = .ended
            return
        }
        guard facts != nil, failure.isTransient else {
            phase = .failed(.unreachable(url, reason: failure.reason))
            return
        }
        let now = ContinuousClock.now
        var window = self.window ?? ResumeWindow(since: now, seconds: options.resumeWithin)
        guard let due = window.nextAttempt(after: now) else {
            let within = CurlFailure.seconds(options.resumeWithin)
            phase = .failed(.unreachable(url, reason: "\(failure.reason); not restored within \(within)"))
            return
        }
        self.window = window
        nextAttempt = due
    }

    /// A request that went the timeout without a byte (not paused for room) is a drop.
    private func checkStall() {
        guard active, !condition.withLock({ pausedForRoom }) else { return }
        guard ContinuousClock.now - current.lastDataAt > .milliseconds(Int64(options.timeout * 1000)) else { return }
        stopTransfer()
        finished(with: CurlFailure(reason: "no data for \(CurlFailure.seconds(options.timeout))", isTransient: true))
    }

    /// How long the loop may wait: until the next attempt, and a quarter of a second at most
    /// so a stall is noticed in time.
    private func pollMilliseconds() -> Int {
        guard !active, let nextAttempt else { return 250 }
        let wait = nextAttempt - .now
        return max(0, min(250, Int(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)))
    }
}
