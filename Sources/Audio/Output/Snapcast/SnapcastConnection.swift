import CFFmpeg
import Foundation
import Glibc

/// The Snapcast output: the music (and the prompts over it) mixed into one stream of
/// 48000:16:2 PCM, paced in real time, and written to a snapserver TCP stream source
/// (`source = tcp://HOST:PORT?name=Rondo`), which plays it in every room in sync. No audio
/// server sits in this path, so each stream's gain is applied to its samples here.
///
/// A connection is made when the feed is: a snapserver that is not there refuses the
/// output, as an audio server that does not answer does. One that goes away (its socket
/// hangs up, or a write fails) fails the connection for good, reported through
/// ``onFailure(_:)`` like the loss of an audio server: ``AudioServer`` reports the loss and
/// connects a new feed when snapserver is back, and nothing plays on to no one meanwhile.
/// Between sounds the feed sends silence, so the rooms stay in sync and the next sound
/// starts at once; once nothing has played for ``idleAfter`` (paused, stopped) it sends
/// nothing, and snapserver shows the stream idle, until a stream plays again; the socket is
/// still watched every ``hangUpCheckInterval``, so a snapserver gone while paused is known.
/// The feed, and each start after idling, begins with ``leadFrames`` ahead of the clock, so
/// snapserver never waits for a read.
///
/// Ownership: one thread (`rondo-snapcast`) owns the socket and the pacing; `lock` guards
/// the channels, the clock and the failure hooks, which the streams' callers share.
public final class SnapcastConnection: OutputConnection, @unchecked Sendable {
    /// The feed's frames per second and channels: snapserver's `sampleformat=48000:16:2`.
    static let rate = 48_000
    static let channels = 2
    /// How often the feed wakes, and how far it writes ahead of the clock.
    static let tickInterval = 0.02
    static let leadFrames = rate / 10
    /// How often a quiet feed looks whether snapserver hung up, in seconds.
    static let hangUpCheckInterval = 0.5
    /// Seconds without a stream playing after which the feed goes quiet.
    static let idleAfter = 1.0

    private let host: String
    private let port: Int
    /// Snapserver's buffer, in frames: how long it holds what it reads before the rooms play it.
    private let serverBufferFrames: Int
    private let lock = NSCondition()
    private var channels: [ObjectIdentifier: SnapcastChannel] = [:]
    private var open = true
    /// Whether snapserver went away; the connection then stays failed.
    private var lost = false
    /// What ``onFailure(_:)`` was given.
    private var failureHooks: [@Sendable () -> Void] = []
    /// Monotonic nanoseconds at which the feed's clock started, and frames sent since.
    private var startedAt: UInt64 = 0
    private var framesSent = 0
    /// Each audio session's level, by session id.
    private var sessions: [String: SnapcastSessionLevel] = [:]
    /// Whether the feed went quiet, no stream having played for ``idleAfter``.
    private var idle = false

    /// A feed to the snapserver source at `host`:`port`, connected now and fed on its own
    /// thread.
    /// - Parameter bufferMilliseconds: snapserver's `buffer`: the rooms play what it read
    ///   that much later, which the heard position counts.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no snapserver takes the
    ///   connection (within 2 s), so that the output is refused or waited for as an audio
    ///   server that does not answer is.
    public init(host: String, port: Int, bufferMilliseconds: Int = 1000) throws(AudioError) {
        self.host = host
        self.port = port
        serverBufferFrames = bufferMilliseconds * Self.rate / 1000
        let socket = try Self.connect(host: host, port: port)
        let thread = Thread { [self] in run(socket) }
        thread.name = "rondo-snapcast"
        thread.start()
    }

    public var isAlive: Bool { lock.withLock { open && !lost } }

    /// `react` is called on the feed's thread once snapserver went away.
    public func onFailure(_ react: @escaping @Sendable () -> Void) {
        lock.withLock { failureHooks.append(react) }
    }

    public func close() {
        lock.withLock {
            open = false
            lock.broadcast()
        }
    }

    func openStream(
        format: AudioFormat, ring: SampleRing, sink: String?, corked: Bool, volume: Double, role: String,
        properties: [String: String]
    ) throws(AudioError) -> any PlaybackOutput {
        if let failure = rondo_ffmpeg_load() {
            throw .unreachable(
                "snapserver \(host):\(port)", reason: "FFmpeg, which resamples for it, is not available (\(String(cString: failure)))")
        }
        let channel = SnapcastChannel(
            format: format, ring: ring, session: properties[SessionAudioControl.sessionProperty], corked: corked,
            volume: min(max(volume, 0), 1))
        lock.withLock {
            channels[ObjectIdentifier(channel)] = channel
            lock.broadcast()
        }
        return SnapcastStream(channel: channel, connection: self)
    }

    // MARK: The streams' calls

    /// Runs `body` on `channel` under the feed's lock.
    func with<Result>(_ channel: SnapcastChannel, _ body: (SnapcastChannel) -> Result) -> Result {
        lock.withLock { body(channel) }
    }

    /// Pauses or resumes `channel`; a stream resumed wakes a feed gone quiet.
    func setCorked(_ channel: SnapcastChannel, _ corked: Bool) {
        lock.withLock {
            channel.corked = corked
            if !corked { lock.broadcast() }
        }
    }

    /// Forgets `channel`: its stream is gone.
    func remove(_ channel: SnapcastChannel) {
        lock.withLock { _ = channels.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// The frames between what the feed wrote and what the rooms play: what it writes ahead
    /// of its clock, and what snapserver holds back (its `buffer`).
    var lead: Int { Self.leadFrames + serverBufferFrames }

    // MARK: The feed's thread

    /// Feeds `socket` until the connection is closed or snapserver goes away; closes it.
    private func run(_ socket: Int32) {
        defer { Glibc.close(socket) }
        var pcm: [Int16] = []
        var mix: [Float] = []
        var quietTicks = 0
        while true {
            let feeding = lock.withLock { () -> Bool? in
                guard open else { return nil }
                guard channels.isEmpty || (idle && isQuiet) else {
                    idle = false
                    return true
                }
                startedAt = 0
                lock.wait(until: Date(timeIntervalSinceNow: Self.hangUpCheckInterval))
                return false
            }
            guard let feeding else { return }
            guard !Self.hungUp(socket) else { return lose() }
            guard feeding else { continue }
            let now = DispatchTime.now().uptimeNanoseconds
            let frames = lock.withLock { () -> Int in
                if startedAt == 0 {
                    startedAt = now
                    framesSent = 0
                }
                let due = Int((now - startedAt) * UInt64(Self.rate) / 1_000_000_000) + Self.leadFrames
                // After a stall (a suspended machine), the clock starts again rather than bursting.
                if due - framesSent > Self.rate / 2 {
                    startedAt = now
                    framesSent = 0
                    return Self.leadFrames
                }
                return max(0, due - framesSent)
            }
            if frames > 0 {
                if mix.count < frames * Self.channels { mix = [Float](repeating: 0, count: frames * Self.channels) }
                for index in 0..<(frames * Self.channels) { mix[index] = 0 }
                lock.withLock {
                    for channel in channels.values {
                        let level = channel.session.flatMap { sessions[$0] } ?? SnapcastSessionLevel()
                        channel.take(
                            frames, into: &mix, from: level.level(at: framesSent, streamVolume: channel.volume),
                            to: level.level(at: framesSent + frames, streamVolume: channel.volume))
                    }
                    framesSent += frames
                    quietTicks = isQuiet ? quietTicks + 1 : 0
                    if Double(quietTicks) * Self.tickInterval >= Self.idleAfter {
                        idle = true
                        quietTicks = 0
                    }
                }
                Self.encode(mix, frames: frames, into: &pcm)
                guard Self.send(pcm, frames: frames, on: socket) else { return lose() }
            }
            Thread.sleep(forTimeInterval: Self.tickInterval)
        }
    }

    /// Marks the connection failed for good and tells the hooks, once; on the feed's thread.
    private func lose() {
        let hooks = lock.withLock { () -> [@Sendable () -> Void] in
            guard open, !lost else { return [] }
            lost = true
            return failureHooks
        }
        for hook in hooks { hook() }
    }

    /// Whether no stream plays: each is paused or has played out what it was asked to drain.
    /// Under the lock.
    private var isQuiet: Bool { channels.values.allSatisfy { $0.corked || $0.isDrained } }

    /// `frames` of `mix` as 16-bit little-endian samples, clamped.
    private static func encode(_ mix: [Float], frames: Int, into pcm: inout [Int16]) {
        let count = frames * channels
        if pcm.count < count { pcm = [Int16](repeating: 0, count: count) }
        for index in 0..<count {
            let sample = min(max(mix[index], -1), 1) * 32767
            pcm[index] = Int16(sample.rounded()).littleEndian
        }
    }

    /// Writes `frames` of `pcm` whole; false when the connection is gone.
    private static func send(_ pcm: [Int16], frames: Int, on socket: Int32) -> Bool {
        let bytes = frames * channels * 2
        var sent = 0
        while sent < bytes {
            let count = pcm.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, bytes - sent, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Whether snapserver hung up `socket` (it never writes to it: anything it sends is
    /// read and dropped).
    private static func hungUp(_ socket: Int32) -> Bool {
        var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, 0) > 0 else { return false }
        if watched.revents & (Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0 { return true }
        // Readable: data to drop, or the end of the stream, which a read of 0 bytes tells.
        var scratch = [UInt8](repeating: 0, count: 512)
        let count = scratch.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    /// A connected TCP socket to `host`:`port` (a numeric address or a name), its connect
    /// and sends bounded by a 2 s timeout (Linux applies `SO_SNDTIMEO` to both).
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` saying why it cannot be reached.
    private static func connect(host: String, port: Int) throws(AudioError) -> Int32 {
        let server = "no Snapcast server answers at \(host):\(port)"
        let advice = "start snapserver with that TCP source, or set [snapcast] source to where it runs"
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &found)
        guard resolved == 0, let first = found else {
            throw .pulseUnavailable("\(server) (\(String(cString: gai_strerror(resolved)))); \(advice)")
        }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .pulseUnavailable("\(server) (\(String(cString: strerror(errno))))") }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard Glibc.connect(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            // A connect that timed out reports EINPROGRESS.
            let reason = errno == EINPROGRESS ? "no answer within 2 s" : String(cString: strerror(errno))
            Glibc.close(socket)
            throw .pulseUnavailable("\(server) (\(reason)); \(advice)")
        }
        return socket
    }
}

/// The sessions' levels, applied to the samples as the mix is made: what PulseAudio's
/// sink-input volumes do on the other outputs, so the arbiter ducks, mutes and restores
/// every room at once.
extension SnapcastConnection: SessionAudio {
    public var isConnected: Bool { isAlive }

    public func setGain(_ gain: Double, session: String, rampMilliseconds: Int) {
        lock.withLock {
            sessions[session, default: SnapcastSessionLevel()].gain.move(
                to: gain, over: max(0, rampMilliseconds) * Self.rate / 1000, at: framesSent)
        }
    }

    public func setFade(_ level: Double, session: String, rampMilliseconds: Int) {
        lock.withLock {
            sessions[session, default: SnapcastSessionLevel()].fade.move(
                to: min(max(level, 0), 1), over: max(0, rampMilliseconds) * Self.rate / 1000, at: framesSent)
        }
    }

    public func setVolume(_ volume: Double, session: String) {
        lock.withLock { sessions[session, default: SnapcastSessionLevel()].volume = min(max(volume, 0), 1) }
    }

    public func setInterrupted(_ interrupted: Bool, session: String, rampMilliseconds: Int) {
        lock.withLock {
            sessions[session, default: SnapcastSessionLevel()].interruption.move(
                to: interrupted ? 0 : 1, over: max(0, rampMilliseconds) * Self.rate / 1000, at: framesSent)
        }
    }

    /// One output, the Snapcast server's, which every session plays to.
    public func outputs(of session: String) -> (devices: [OutputDevice], inUse: String?) {
        ([OutputDevice(name: "snapcast", description: "Snapcast server at \(host):\(port)", isDefault: true)], "snapcast")
    }

    /// No other program's stream passes through the Snapcast mix: nothing to adopt.
    public func adopt(_ stream: ForeignAudioStream, as session: String) {}

    /// Only adopted streams are asked about, and none pass through the Snapcast mix.
    public func isSounding(session: String) -> Bool { false }

    public func forget(session: String) {
        lock.withLock { _ = sessions.removeValue(forKey: session) }
    }

    /// Changes take effect at the feed's next tick, 20 ms away at most.
    public func flush(within seconds: Double) -> Bool { true }
}
