public import Foundation
import Glibc
import Spawning

/// A live radio station on an ``IcecastServer``: `ffmpeg` encodes a tone generated in real
/// time (``ToneWriter``) and sends it as its source, MP3 at 128 kbit/s on ``Format/mp3``'s
/// mount and, when asked, Ogg Vorbis on ``Format/oggVorbis``'s, with the station's name
/// (`icy-name`).
///
/// Each song has its own tone: ``changeSong(to:frequency:)`` sets the song's title on the
/// MP3 mount and changes the tone together, so a test can tell by ear when the new song is
/// heard. The tone is a sine at half of full scale, both channels alike, like the fixtures
/// (``level``). Stopped by PID on ``stop()`` or when the last reference goes.
public final class ToneStation: Sendable {
    /// A format the station sends, and its mount.
    public enum Format: Sendable, CaseIterable, CustomStringConvertible {
        /// MP3, 128 kbit/s stereo, `audio/mpeg`, with ICY metadata for listeners that ask.
        case mp3
        /// Ogg Vorbis, about 96 kbit/s stereo, `application/ogg`; its song never changes.
        case oggVorbis

        /// The mount point.
        public var mount: String {
            switch self {
            case .mp3: "/live.mp3"
            case .oggVorbis: "/live.ogg"
            }
        }

        /// `mp3` or `oggVorbis`, for test names.
        public var description: String {
            switch self {
            case .mp3: "mp3"
            case .oggVorbis: "oggVorbis"
            }
        }
    }

    /// The tone's amplitude, as a fraction of full scale.
    public static let amplitude = 0.5
    /// The tone's level in dBFS as a listener hears it unchanged: 20·log10(0.5/√2).
    public static let level = 20 * log10(amplitude / 2.0.squareRoot())

    /// The station's name, sent as `icy-name`.
    public let name: String
    /// The formats it sends.
    public let formats: [Format]
    private let server: IcecastServer
    private let writer: ToneWriter
    private let encoder: ChildProcess
    private let directory: TemporaryDirectory

    /// Starts the station and waits until the server has each mount, then sets the first song.
    ///
    /// An encoder that reaches no mount within 10 s is stopped and started again, up to
    /// ``encoderAttempts`` times: once, under a whole suite's load, `ffmpeg` never fed a
    /// server that was listening.
    /// - Parameters:
    ///   - server: the server it feeds.
    ///   - name: its name.
    ///   - song: the first song's `StreamTitle`, `Artist - Title` by custom.
    ///   - frequency: the first song's tone, in hertz.
    ///   - formats: the mounts it feeds.
    /// - Throws: when `ffmpeg` cannot start or the server never lists a mount (with what
    ///   `ffmpeg` logged).
    public init(
        on server: IcecastServer, name: String = "Rondo Test FM", song: String, frequency: Double = 440,
        formats: [Format] = [.mp3]
    ) throws {
        self.server = server
        self.name = name
        self.formats = formats
        directory = try TemporaryDirectory(prefix: "rondo-station")
        var attempt = 1
        while true {
            let (encoder, writer) = try Self.start(on: server, name: name, frequency: frequency, formats: formats, log: directory)
            do {
                for format in formats { try server.waitForSource(on: format.mount) }
                self.encoder = encoder
                self.writer = writer
                break
            } catch {
                writer.stop()
                _ = encoder.terminate(grace: 2)
                guard attempt < Self.encoderAttempts else {
                    let log = (try? String(contentsOfFile: directory.appending("ffmpeg.log"), encoding: .utf8)) ?? ""
                    directory.remove()
                    throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(error)\nffmpeg:\n\(log)"])
                }
                attempt += 1
            }
        }
        do {
            if formats.contains(.mp3) { try server.setSong(song, on: Format.mp3.mount) }
        } catch {
            stop()
            throw error
        }
    }

    /// How many times the encoder is started before the station gives up.
    static let encoderAttempts = 3

    /// `ffmpeg` encoding a tone it reads from a socket, logging to `log`, and the writer of
    /// that tone.
    private static func start(on server: IcecastServer, name: String, frequency: Double, formats: [Format], log: TemporaryDirectory)
        throws -> (ChildProcess, ToneWriter)
    {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw LoopbackSocket.Failure(operation: "socketpair", code: errno)
        }
        defer { close(ends[1]) }
        let encoder: ChildProcess
        do {
            encoder = try ChildProcess(
                encoderArguments(server: server, name: name, formats: formats), standardInput: .descriptor(ends[1]),
                standardError: .file(log.appending("ffmpeg.log")))
        } catch {
            close(ends[0])
            throw error
        }
        return (encoder, ToneWriter(descriptor: ends[0], frequency: frequency, amplitude: amplitude))
    }

    deinit { stop() }

    /// The URL of the station's `format` mount, on the server itself.
    public func url(_ format: Format = .mp3) -> String { server.url(format.mount) }

    /// The tone now sent, in hertz.
    public var frequency: Double { writer.frequency }

    /// Starts a new song: sets its title on the MP3 mount, then changes the tone.
    /// - Parameters:
    ///   - song: the new `StreamTitle`.
    ///   - frequency: the new song's tone.
    /// - Returns: when the tone changed, as the station sent it (listeners hear it later).
    /// - Throws: when the server refuses the title.
    @discardableResult
    public func changeSong(to song: String, frequency: Double) throws -> Date {
        if formats.contains(.mp3) { try server.setSong(song, on: Format.mp3.mount) }
        writer.frequency = frequency
        return Date()
    }

    /// What `ffmpeg` logged so far.
    public var log: String { (try? String(contentsOfFile: directory.appending("ffmpeg.log"), encoding: .utf8)) ?? "" }

    /// Stops the tone and the encoder; the server drops its listeners.
    public func stop() {
        writer.stop()
        encoder.terminate(grace: 2)
        directory.remove()
    }

    /// `ffmpeg` reading the tone from standard input and sending each format to its mount.
    private static func encoderArguments(server: IcecastServer, name: String, formats: [Format]) -> [String] {
        let input = [
            "/usr/bin/ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "warning", "-f", "s16le", "-ar",
            String(ToneWriter.sampleRate), "-ac", String(ToneWriter.channels), "-i", "pipe:0",
        ]
        return input
            + formats.flatMap { format -> [String] in
                let target = "icecast://source:\(IcecastServer.sourcePassword)@127.0.0.1:\(server.port)\(format.mount)"
                let common = ["-map", "0:a", "-ice_name", name, "-ice_genre", "Test", "-flush_packets", "1"]
                switch format {
                case .mp3:
                    return common + [
                        "-c:a", "libmp3lame", "-b:a", "128k", "-write_xing", "0", "-id3v2_version", "0", "-content_type", "audio/mpeg",
                        "-f", "mp3", target,
                    ]
                case .oggVorbis:
                    return common + ["-c:a", "libvorbis", "-q:a", "2", "-content_type", "application/ogg", "-f", "ogg", target]
                }
            }
    }
}
