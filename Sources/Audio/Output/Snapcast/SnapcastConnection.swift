import CFFmpeg
import Foundation
import Glibc

/// The Snapcast output: the music (and the prompts over it) mixed into one stream of
/// 48000:16:2 PCM, paced in real time, and written to a snapserver TCP stream source
/// (`source = tcp://HOST:PORT?name=Rondo`), which plays it in every room in sync. No audio
/// server sits in this path, so each stream's gain is applied to its samples here.
///
/// A snapserver that is not there yet, or goes away, is connected again with back-off
/// (0.1 s, doubling to 2 s); meanwhile the streams play on to no one at the same pace, so
/// positions and track changes are what they would be. Between sounds the feed sends
/// silence, so the rooms stay in sync and the next sound starts at once; once nothing has
/// played for ``idleAfter`` (paused, stopped) it sends nothing, and snapserver shows the
/// stream idle, until a stream plays again. Each connection, and each start after idling,
/// begins with ``leadFrames`` ahead of the clock, so snapserver never waits for a read.
///
/// Ownership: one thread (`rondo-snapcast`) owns the socket and the pacing; `lock` guards
/// the channels and the clock, which the streams' callers share.
public final class SnapcastConnection: OutputConnection, @unchecked Sendable {
    /// The feed's frames per second and channels: snapserver's `sampleformat=48000:16:2`.
    static let rate = 48_000
    static let channels = 2
    /// How often the feed wakes, and how far it writes ahead of the clock.
    static let tickInterval = 0.02
    static let leadFrames = rate / 10
    /// The longest wait between attempts to reach snapserver.
    static let longestRetry = 2.0
    /// Seconds without a stream playing after which the feed goes quiet.
    static let idleAfter = 1.0

    private let host: String
    private let port: Int
    private let lock = NSCondition()
    private var channels: [ObjectIdentifier: SnapcastChannel] = [:]
    private var open = true
    /// Monotonic nanoseconds at which the feed's clock started, and frames sent since.
    private var startedAt: UInt64 = 0
    private var framesSent = 0
    /// Each audio session's level, by session id.
    private var sessions: [String: SnapcastSessionLevel] = [:]
    /// Whether the feed went quiet, no stream having played for ``idleAfter``.
    private var idle = false

    /// A feed to the snapserver source at `host`:`port`; it connects on its own thread.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
        let thread = Thread { [self] in run() }
        thread.name = "rondo-snapcast"
        thread.start()
    }

    public var isAlive: Bool { lock.withLock { open } }

    /// Never called: the feed does not fail for good, it connects again.
    public func onFailure(_ react: @escaping @Sendable () -> Void) {}

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

    /// The feed's frames written ahead of what the listener hears.
    var lead: Int { Self.leadFrames }

    // MARK: The feed's thread

    private func run() {
        var socket: Int32 = -1
        var retryAt = 0.0
        var retryWait = 0.1
        var pcm: [Int16] = []
        var mix: [Float] = []
        var quietTicks = 0
        while true {
            let proceed = lock.withLock { () -> Bool in
                while open, channels.isEmpty || (idle && isQuiet) {
                    startedAt = 0
                    lock.wait()
                }
                idle = false
                return open
            }
            guard proceed else { break }
            let now = DispatchTime.now().uptimeNanoseconds
            if socket < 0, Double(now) / 1e9 >= retryAt {
                socket = Self.connect(host: host, port: port)
                if socket < 0 {
                    retryAt = Double(now) / 1e9 + retryWait
                    retryWait = min(retryWait * 2, Self.longestRetry)
                } else {
                    retryWait = 0.1
                    // A new connection starts with the lead, as the feed's first did.
                    let silence = [Int16](repeating: 0, count: Self.leadFrames * Self.channels)
                    if !Self.send(silence, frames: Self.leadFrames, on: socket) {
                        Glibc.close(socket)
                        socket = -1
                    }
                }
            }
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
                if socket >= 0 {
                    Self.encode(mix, frames: frames, into: &pcm)
                    if !Self.send(pcm, frames: frames, on: socket) {
                        Glibc.close(socket)
                        socket = -1
                        retryAt = 0
                    }
                }
            }
            Thread.sleep(forTimeInterval: Self.tickInterval)
        }
        if socket >= 0 { Glibc.close(socket) }
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

    /// A connected TCP socket to `host`:`port` (a numeric address or a name), its sends
    /// bounded by a timeout; -1 when it cannot be reached.
    private static func connect(host: String, port: Int) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return -1 }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return -1 }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard Glibc.connect(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            Glibc.close(socket)
            return -1
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

    public func forget(session: String) {
        lock.withLock { _ = sessions.removeValue(forKey: session) }
    }

    /// Changes take effect at the feed's next tick, 20 ms away at most.
    public func flush(within seconds: Double) -> Bool { true }
}
