import Foundation
import Spawning

/// Debian's real MPD (`/usr/bin/mpd`) in the foreground on a music directory, with its
/// configuration, database, stored playlists, log and Unix socket in a directory of its own:
/// the reference that conformance tests hold Rondo's MPD protocol against.
///
/// It listens on its Unix socket only (no TCP port), plays to MPD's `null` output with a
/// software mixer, keeps no state file and no pid file, announces nothing (zeroconf off),
/// and has every input plugin that could reach the network (curl, ffmpeg, smbclient, nfs,
/// mms) or a device (alsa, cdio_paranoia) turned off. `HOME` and the XDG directories point
/// into its directory and the session and system buses nowhere, so it never reads or writes
/// the user's `~/.mpdconf`, `~/.mpd` or `~/.config/mpd`, nor meets the system's MPD service.
/// Stopped by PID (SIGTERM) on ``stop()`` or when the last reference goes.
public final class MPDServerProcess: Sendable {
    /// The Unix socket it serves on.
    public let socketPath: String
    /// The music directory it was started on.
    public let musicDirectory: String
    private let directory: TemporaryDirectory
    private let process: ChildProcess

    /// The input plugins turned off: those that reach the network or a device.
    static let inputsOff = ["curl", "ffmpeg", "smbclient", "nfs", "mms", "alsa", "cdio_paranoia"]

    /// Starts `mpd --no-daemon --stderr CONFIG` on `musicDirectory`, waits until its socket
    /// answers, then runs `update` and waits until `status` shows no `updating_db`: its
    /// database then holds every song of the directory.
    /// - Parameters:
    ///   - musicDirectory: the absolute path of the music directory.
    ///   - timeout: seconds it may take to answer and, again, to finish its update.
    /// - Throws: when MPD does not start, answer or finish its update in time.
    public init(musicDirectory: String, timeout: Double = 10) throws {
        self.musicDirectory = musicDirectory
        directory = try TemporaryDirectory(prefix: "rondo-mpd")
        socketPath = directory.appending("mpd.sock")
        do {
            try FileManager.default.createDirectory(atPath: directory.appending("playlists"), withIntermediateDirectories: true)
            let file = directory.appending("mpd.conf")
            let text = Self.configuration(musicDirectory: musicDirectory, in: directory, socketPath: socketPath)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            process = try ChildProcess(
                ["/usr/bin/mpd", "--no-daemon", "--stderr", file], environment: Self.environment(in: directory.path),
                standardOutput: .file(directory.appending("mpd.out")), standardError: .file(directory.appending("mpd.out")))
        } catch {
            directory.remove()
            throw error
        }
        do {
            try waitUntilUpdated(timeout: timeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// What MPD wrote on standard error and in its log so far.
    public var log: String {
        ["mpd.out", "mpd.log"].map { (try? String(contentsOfFile: directory.appending($0), encoding: .utf8)) ?? "" }.joined()
    }

    /// A new connection to it.
    /// - Throws: when it cannot connect or no greeting comes.
    public func client() throws -> MPDLineClient { try MPDLineClient(socketPath: socketPath) }

    /// Stops MPD (SIGTERM, SIGKILL after 3 s) by its PID and removes its directory.
    public func stop() {
        process.terminate(grace: 3)
        directory.remove()
    }

    /// The configuration file's text: MPD on `musicDirectory`, everything else of it in `directory`.
    private static func configuration(musicDirectory: String, in directory: TemporaryDirectory, socketPath: String) -> String {
        let inputs = inputsOff.map { "input {\n  plugin \"\($0)\"\n  enabled \"no\"\n}\n" }.joined()
        return """
            music_directory "\(musicDirectory)"
            playlist_directory "\(directory.appending("playlists"))"
            db_file "\(directory.appending("database"))"
            sticker_file "\(directory.appending("sticker.sql"))"
            log_file "\(directory.appending("mpd.log"))"
            bind_to_address "\(socketPath)"
            auto_update "no"
            zeroconf_enabled "no"
            filesystem_charset "UTF-8"
            audio_output {
              type "null"
              name "null"
              mixer_type "software"
            }

            """ + inputs
    }

    /// Waits until the socket answers, then runs `update` and waits until it is done.
    private func waitUntilUpdated(timeout: Double) throws {
        var deadline = Date().addingTimeInterval(timeout)
        var connection: MPDLineClient?
        while connection == nil {
            guard process.isRunning else { throw failure("mpd exited while starting") }
            guard Date() < deadline else { throw failure("mpd did not answer on \(socketPath) within \(timeout) s") }
            connection = try? MPDLineClient(socketPath: socketPath, patience: 0.2)
        }
        guard let connection else { return }
        let update = try connection.call("update")
        guard update.last == "OK" else { throw failure("update was refused: \(update)") }
        deadline = Date().addingTimeInterval(timeout)
        while try connection.call("status").contains(where: { $0.hasPrefix("updating_db:") }) {
            guard Date() < deadline else { throw failure("mpd's update did not end within \(timeout) s") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// An error saying `what`, with MPD's log.
    private func failure(_ what: String) -> CocoaError {
        CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(what):\n\(log)"])
    }

    /// The environment MPD runs in: its home, XDG directories and buses inside `path`, and
    /// none of systemd's activation or notification variables.
    private static func environment(in path: String) -> [String: String?] {
        [
            "HOME": path, "XDG_CONFIG_HOME": path + "/config", "XDG_CACHE_HOME": path + "/cache", "XDG_DATA_HOME": path + "/data",
            "XDG_STATE_HOME": path + "/state", "XDG_RUNTIME_DIR": path,
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + path + "/no-session-bus",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + path + "/no-system-bus",
            "LISTEN_FDS": nil, "LISTEN_PID": nil, "LISTEN_FDNAMES": nil, "NOTIFY_SOCKET": nil, "MPD_HOST": nil, "MPD_PORT": nil,
        ]
    }
}
