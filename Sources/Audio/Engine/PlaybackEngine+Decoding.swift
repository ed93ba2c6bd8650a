import Foundation

/// The decode thread: reads the decoder (following a scan's jumps), time-stretches, fills
/// the ring, follows on to the prepared next source and reports what is heard. Everything
/// here runs with the engine lock held.
extension PlaybackEngine {
    /// Smallest free space worth filling, and the size of one decoded chunk, in samples.
    static let minimumChunk = 4608
    /// The most decoded straight into the ring at once: room for two FLAC blocks of 4,096
    /// stereo frames, so a FLAC frame goes into the ring without a copy in between.
    static let largestDirectChunk = 16_384

    /// How often the decode thread looks at the ring while playing, at most, in seconds:
    /// the ring holds about 1.4 s of stereo sound and the server half a second more
    /// (``PulseStream/targetLatencyMilliseconds``), so one look a second keeps both full.
    private static let wakeInterval = 1.0
    /// How much sound the ring still holds when the decode thread comes to refill it, in
    /// seconds: a wake-up due later than that is brought forward.
    private static let refillMargin = 0.3
    /// How often it looks while the stream drains, so that the end of the queue, or the
    /// next track in another format, follows the last sample within a few ms.
    private static let drainingWakeInterval = 0.01
    /// How often it looks while a stream's decoder waits for the network.
    private static let waitingWakeInterval = 0.02

    func decodeLoop() {
        condition.lock()
        defer {
            decodeThreadFinished = true
            condition.broadcast()
            condition.unlock()
        }
        while !shuttingDown {
            let heardChangeIn = step()
            if takeOutputFailure() {
                continue
            } else if playing {
                // Awake again just as the listener hears the next source or what a stream
                // said, so either is announced within a few ms of the sound, not up to a
                // wake interval late.
                let wait = min(untilRingNeedsDecoding(), heardChangeIn.map { $0 + 0.001 } ?? .infinity)
                _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
            } else {
                condition.wait()
            }
        }
    }

    /// Seconds until the decode thread has work at the ring: the wake interval, brought
    /// forward so that the ring is refilled while it holds ``refillMargin`` of sound, or,
    /// with everything decoded, so that the drain is asked for as the ring empties (the
    /// end of the queue, or the next format, must not wait for a wake-up in silence).
    private func untilRingNeedsDecoding() -> Double {
        guard !drainRequested else { return Self.drainingWakeInterval }
        if buffering || decoderWaits { return Self.waitingWakeInterval }
        guard let format = stream?.format else { return Self.wakeInterval }
        let held = Double(ring.available / format.channels) / Double(format.sampleRate)
        let due = feedExhausted ? held + 0.001 : held - Self.refillMargin
        return min(Self.wakeInterval, max(Self.drainingWakeInterval, due))
    }

    /// One look at the stream while playing.
    /// - Returns: seconds until the listener hears the next run of the timeline, if one
    ///   is queued.
    private func step() -> Double? {
        guard let stream else { return nil }
        guard connection?.isAlive == true else {
            loseOutput("the audio server went away")
            return nil
        }
        guard stream.isHealthy else {
            loseOutput("the stream stopped playing")
            return nil
        }
        guard playing else { return nil }
        fillRing(stream)
        followBuffering(stream)
        let heardChangeIn = reportProgress(stream)
        guard feedExhausted, ring.available == 0 else { return heardChangeIn }
        // The server still holds the end of the track: it plays out before the stream for
        // the next track in another format replaces this one, or before the queue ends.
        if !drainRequested {
            stream.drain()
            drainRequested = true
        } else if !stream.isDrained {
            return heardChangeIn
        } else if let pending = pendingSwitch {
            switchFormat(to: pending, from: stream)
        } else {
            playing = false
            stream.setCorked(true)
            decoder = nil
            decoding = nil
            timeline = Timeline()
            emit(.reachedEnd)
        }
        return heardChangeIn
    }

    /// Whether everything read has gone into the ring and nothing more will come.
    private var feedExhausted: Bool {
        decoderAtEnd && stretcherFlushed && (stretcher?.availableSamples ?? 0) == 0
    }

    /// Moves stretched audio into the ring until it is full, `limit` samples went in, or
    /// nothing more can be read now.
    func fillRing(_ stream: any PlaybackOutput, upTo limit: Int = .max) {
        var filled = 0
        while ring.free >= Self.minimumChunk, filled < limit {
            if let stretcher, stretcher.availableSamples > 0 {
                let count = stretcher.receive(into: ring.writableRegion())
                guard count > 0 else { break }
                ring.commitWrite(count)
                filled += count
            } else if let decoded = decodeIntoRing(stream.format) {
                ring.commitWrite(decoded)
                filled += decoded
            } else if !feedStretcher(stream.format) {
                break
            }
        }
        if stream.isStarving, ring.available > 0 { stream.topUp() }
    }

    /// Puts the next chunk into the stretcher: decoded audio, the prepared next source, or
    /// the stretcher's tail at the very end. Returns false when nothing more can come now.
    private func feedStretcher(_ format: AudioFormat) -> Bool {
        guard let stretcher else { return false }
        if decoderAtEnd {
            if pendingSwitch == nil, openNext(matching: format) { return true }
            guard !stretcherFlushed else { return false }
            stretcherFlushed = true
            stretcher.flush()
            return stretcher.availableSamples > 0
        }
        guard let decoder, let source = decoding, !decoder.waitsForInput else { return false }
        if scanCursor?.remaining == 0 {
            switch jumpToNextSnippet(decoder) {
            case .jumped: break
            case .pastEnd:
                decoderAtEnd = true
                return true
            case .holding: return false
            }
        }
        let channels = format.channels
        let frames = min(scratch.count / channels, scanCursor?.remaining ?? .max)
        let chunk = UnsafeMutableBufferPointer(rebasing: scratch[..<(frames * channels)])
        let samples = decodeChunk(into: chunk, from: decoder, source, channels: channels)
        stretcher.put(UnsafeBufferPointer(rebasing: chunk[..<samples]))
        return true
    }

    /// At normal speed, with nothing held in the stretcher and no scan, decodes the next
    /// chunk straight into the ring, two copies fewer than through the stretcher's bypass.
    /// - Returns: the samples written (0 when the decoder reached its end), or `nil` when the
    ///   chunk has to go through ``feedStretcher(_:)``.
    private func decodeIntoRing(_ format: AudioFormat) -> Int? {
        guard let stretcher, stretcher.isBypassed, stretcher.availableSamples == 0, !decoderAtEnd, scanCursor == nil,
            let decoder, let source = decoding, !decoder.waitsForInput
        else { return nil }
        let region = ring.writableRegion()
        let usable = min(region.count, Self.largestDirectChunk) / format.channels * format.channels
        guard usable > 0 else { return nil }
        return decodeChunk(into: UnsafeMutableBufferPointer(rebasing: region[..<usable]), from: decoder, source, channels: format.channels)
    }

    /// Reads the next chunk of `source` into `chunk`, at the source's gain and, during a
    /// scan, faded as its snippet; counts it on the timeline. A read error is reported and
    /// ends the source, as its end does.
    /// - Returns: the samples read; 0 at the end.
    private func decodeChunk(
        into chunk: UnsafeMutableBufferPointer<Float>, from decoder: any AudioDecoder, _ source: TrackSource, channels: Int
    ) -> Int {
        let samples: Int
        do {
            samples = try decoder.read(into: chunk)
        } catch {
            emit(.failed(source.id, reason: error.description))
            samples = 0
        }
        guard samples > 0 else {
            decoderAtEnd = true
            return 0
        }
        if source.gain != 1 {
            for index in 0..<samples { chunk[index] *= source.gain }
        }
        if scanCursor != nil { fadeSnippet(UnsafeMutableBufferPointer(rebasing: chunk[..<samples]), channels) }
        if let metadata = decoder.takeMetadata() { timeline.mark(metadata) }
        timeline.mediaFramesInLast += samples / channels
        return samples
    }

    /// What a scan's jump to its next snippet found.
    private enum Jump {
        /// The decoder is at the next snippet.
        case jumped
        /// The next snippet lies beyond the end of the source.
        case pastEnd
        /// A backward scan is holding at the start of the source.
        case holding
    }

    /// Seeks to the scan's next snippet.
    private func jumpToNextSnippet(_ decoder: any AudioDecoder) -> Jump {
        guard var cursor = scanCursor else { return .jumped }
        guard let target = cursor.nextSnippet() else { return .holding }
        scanCursor = cursor
        if let count = decoder.frameCount, target >= count { return .pastEnd }
        do {
            try decoder.seek(toFrame: target)
        } catch {
            return .pastEnd
        }
        timeline.jump(toMediaFrame: target, rate: 1)
        return .jumped
    }

    /// Applies the scan snippet's fades to `samples` and counts them as played.
    private func fadeSnippet(_ samples: UnsafeMutableBufferPointer<Float>, _ channels: Int) {
        guard var cursor = scanCursor else { return }
        let frames = samples.count / channels
        for frame in 0..<frames {
            let gain = cursor.gain(at: cursor.played + frame)
            if gain < 1 {
                for channel in 0..<channels { samples[frame * channels + channel] *= gain }
            }
        }
        cursor.advance(by: frames)
        scanCursor = cursor
    }

    /// Continues with the prepared track, opened by whoever prepared it: appended to the
    /// timeline when its format matches the stream, else kept for a switch once the stream
    /// has played out.
    private func openNext(matching format: AudioFormat) -> Bool {
        guard let track = next else { return false }
        next = nil
        guard track.decoder.format == format else {
            pendingSwitch = (track.source, track.decoder)
            return false
        }
        decoder = track.decoder
        decoding = track.source
        decoderAtEnd = false
        timeline.append(track.source)
        scanCursor?.restart(at: 0)
        return true
    }

    private func switchFormat(to pending: (source: TrackSource, decoder: any AudioDecoder), from old: any PlaybackOutput) {
        pendingSwitch = nil
        do {
            let stream = try streamFor(pending.decoder.format)
            decoder = pending.decoder
            decoding = pending.source
            beginFeed(pending.source, at: 0, format: pending.decoder.format)
            start(stream)
            emit(.advanced(to: pending.source.id))
        } catch {
            loseOutput(error.description)
        }
    }

    /// Announces every source the listener has started to hear by `heardFrame` (the
    /// stream's own count when not given), and what sources said about what is heard.
    /// - Returns: seconds until the listener reaches the next run or the next thing a source
    ///   said, if either is queued: the engine wakes then, so a title is announced when heard.
    @discardableResult
    func reportProgress(_ stream: any PlaybackOutput, heardFrame: Int? = nil) -> Double? {
        let heardFrame = heardFrame ?? stream.heardFrames()
        for (sourceID, metadata) in timeline.marksHeard(by: heardFrame) { emit(.metadata(sourceID, metadata)) }
        while timeline.segments.count > 1, timeline.segments[1].heardFrom <= heardFrame {
            timeline.segments.removeFirst()
            if timeline.segments[0].startsSource { emit(.advanced(to: timeline.segments[0].source.id)) }
        }
        let nextRun = timeline.segments.count > 1 ? timeline.segments[1].heardFrom : nil
        let nextMark = timeline.marks.first?.streamFrame
        guard let next = [nextRun, nextMark].compactMap({ $0 }).min() else { return nil }
        return Double(next - heardFrame) / Double(stream.format.sampleRate)
    }

    private func loseOutput(_ reason: String) {
        dropOutput()
        emit(.outputLost(reason))
    }

    /// Lets go of a dead stream and connection and of the source they played: nothing is
    /// loaded afterwards (``isLoaded`` is false), so the next play loads and reconnects.
    func dropOutput() {
        playing = false
        stream = nil
        connection = nil
        // The stream that read the ring is gone, so nothing else touches it now.
        ring.reset()
        decoder = nil
        decoding = nil
        scanCursor = nil
        timeline = Timeline()
        buffering = false
    }
}
