import Foundation
import RondoTesting
import Testing

@testable import RondoDaemon

/// An invalid rondo.toml is an error naming the file and the line (SPEC §1).
struct ConfigErrorTests {
    private static let path = "/etc/rondo/rondo.toml"

    private func failure(_ text: String) -> ConfigError? {
        do {
            _ = try ConfigFile.parse(text, path: Self.path, home: "/home/ada")
            return nil
        } catch {
            return error
        }
    }

    /// A value of the wrong kind names the file, the line, the key, what it takes and what
    /// was written.
    @Test(arguments: [
        ("# comment\n\nrestore_playing = \"yes\"\n", "/etc/rondo/rondo.toml:3: restore_playing must be true or false, not \"yes\""),
        (
            "music_directory = \"Music\"\n",
            "/etc/rondo/rondo.toml:1: music_directory must be an absolute path, one starting with ~/, or \"\" for the default, not \"Music\""
        ),
        (
            "database = \"~ada/x.sqlite\"\n",
            "/etc/rondo/rondo.toml:1: database must be an absolute path, one starting with ~/, or \"\" for the default, not \"~ada/x.sqlite\""
        ),
        ("database = 3\n", "/etc/rondo/rondo.toml:1: database must be an absolute path, one starting with ~/, or \"\" for the default, not 3"),
        ("policy = \"\"\n", "/etc/rondo/rondo.toml:1: policy must be a policy name such as \"default\", not \"\""),
        ("policy = \"../etc/passwd\"\n", "/etc/rondo/rondo.toml:1: policy must be a policy name such as \"default\", not \"../etc/passwd\""),
        ("release_after = -1\n", "/etc/rondo/rondo.toml:1: release_after must be a number of seconds, 0 or more, not -1"),
        ("release_after = \"5\"\n", "/etc/rondo/rondo.toml:1: release_after must be a number of seconds, 0 or more, not \"5\""),
        ("prompt_hold_s = -0.5\n", "/etc/rondo/rondo.toml:1: prompt_hold_s must be a number of seconds, 0 or more, not -0.5"),
        ("prompt_hold_s = inf\n", "/etc/rondo/rondo.toml:1: prompt_hold_s must be a number of seconds, 0 or more, not inf"),
        ("restore_playing = 1\n", "/etc/rondo/rondo.toml:1: restore_playing must be true or false, not 1"),
        (
            "[playback]\nreplaygain = \"loud\"\n",
            "/etc/rondo/rondo.toml:2: playback.replaygain must be one of \"off\", \"track\", \"album\", \"auto\", not \"loud\""
        ),
        ("[playback]\npreamp_db = 20\n", "/etc/rondo/rondo.toml:2: playback.preamp_db must be a number of decibels from -15.0 to 15.0, not 20"),
        ("[playback]\nprevent_clipping = \"no\"\n", "/etc/rondo/rondo.toml:2: playback.prevent_clipping must be true or false, not \"no\""),
        (
            "log_level = \"verbose\"\n",
            "/etc/rondo/rondo.toml:1: log_level must be one of \"trace\", \"debug\", \"info\", \"notice\", \"warning\", \"error\", \"critical\", not \"verbose\""
        ),
        (
            "log_level = [\"info\"]\n",
            "/etc/rondo/rondo.toml:1: log_level must be one of \"trace\", \"debug\", \"info\", \"notice\", \"warning\", \"error\", \"critical\", not a TOML array"
        ),
        ("pulse = \"tcp:car\"\n", "/etc/rondo/rondo.toml:1: pulse must be a table: write [pulse] with server and sink under it, not \"tcp:car\""),
        (
            "[pulse]\n\nsink = 2\n",
            "/etc/rondo/rondo.toml:3: pulse.sink must be a sink name as `pactl list short sinks` shows it, or \"\" for the default, not 2"
        ),
        (
            "output = \"alsa\"\n",
            "/etc/rondo/rondo.toml:1: output must be \"pulse\" (play through PulseAudio or PipeWire-Pulse), \"snapcast\" (to a Snapcast server, every room in sync) or \"null\" (play in real time to no sound card), not \"alsa\""
        ),
        (
            "[pulse]\nserver = false\n",
            "/etc/rondo/rondo.toml:2: pulse.server must be a PulseAudio server string such as \"unix:/run/user/1000/pulse/native\", or \"\" for the default, not false"
        ),
    ])
    func wrongValue(_ text: String, _ expected: String) {
        #expect(failure(text)?.description == expected)
    }

    /// A misspelt key is an error, not silently ignored, and suggests the key meant.
    @Test(arguments: [
        (
            "log_level = \"info\"\nrestore_playng = true\n",
            "/etc/rondo/rondo.toml:2: unknown key restore_playng (did you mean restore_playing?); rondo.toml takes music_directory, database, policy, release_after, prompt_hold_s, resume_within_s, restore_playing, log_level, max_clients, output and [pulse] server, sink; [mpris] enabled; [view] listen; [playback] replaygain, preamp_db, prevent_clipping, resume_on_output, resume_on_output_within_s, fade_ms; [network] timeout_s, buffer_s, user_agent; [podcasts] refresh_every, download_ahead, cache_limit_mb, played_at_remaining_s, skip_back_s, skip_forward_s; [snapcast] source, buffer_ms; [mpd] enabled, listen, password; [focus] adopt"
        ),
        (
            "volume = 3\n",
            "/etc/rondo/rondo.toml:1: unknown key volume; rondo.toml takes music_directory, database, policy, release_after, prompt_hold_s, resume_within_s, restore_playing, log_level, max_clients, output and [pulse] server, sink; [mpris] enabled; [view] listen; [playback] replaygain, preamp_db, prevent_clipping, resume_on_output, resume_on_output_within_s, fade_ms; [network] timeout_s, buffer_s, user_agent; [podcasts] refresh_every, download_ahead, cache_limit_mb, played_at_remaining_s, skip_back_s, skip_forward_s; [snapcast] source, buffer_ms; [mpd] enabled, listen, password; [focus] adopt"
        ),
        (
            "[pulse]\nserver = \"\"\nsinks = \"\"\n",
            "/etc/rondo/rondo.toml:3: unknown key pulse.sinks (did you mean pulse.sink?); [pulse] takes server and sink"
        ),
        (
            "[puls]\nserver = \"\"\n",
            "/etc/rondo/rondo.toml:1: unknown table [puls] (did you mean pulse?); rondo.toml takes music_directory, database, policy, release_after, prompt_hold_s, resume_within_s, restore_playing, log_level, max_clients, output and [pulse] server, sink; [mpris] enabled; [view] listen; [playback] replaygain, preamp_db, prevent_clipping, resume_on_output, resume_on_output_within_s, fade_ms; [network] timeout_s, buffer_s, user_agent; [podcasts] refresh_every, download_ahead, cache_limit_mb, played_at_remaining_s, skip_back_s, skip_forward_s; [snapcast] source, buffer_ms; [mpd] enabled, listen, password; [focus] adopt"
        ),
        ("[pulse.extra]\n", "/etc/rondo/rondo.toml:1: unknown key pulse.extra; [pulse] takes server and sink"),
    ])
    func unknownKey(_ text: String, _ expected: String) {
        #expect(failure(text)?.description == expected)
    }

    /// Text that is not TOML is an error at the line of the mistake; on a known key's line
    /// it says what that key takes.
    @Test(arguments: [
        ("log_level = \"info\"\nrestore_playing = yes\n", "/etc/rondo/rondo.toml:2: restore_playing must be true or false, not yes"),
        (
            "log_level = debug # chatty\n",
            "/etc/rondo/rondo.toml:1: log_level must be one of \"trace\", \"debug\", \"info\", \"notice\", \"warning\", \"error\", \"critical\", not debug; TOML strings are written in quotes"
        ),
    ])
    func syntaxErrorOnAKnownKey(_ text: String, _ expected: String) {
        #expect(failure(text)?.description == expected)
    }

    /// A syntax error elsewhere names its line and what the TOML parser found.
    @Test func syntaxError() throws {
        let error = try #require(failure("policy = \"default\"\n\n[pulse\n"))
        #expect(error.path == Self.path)
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("not valid TOML: "))
    }

    /// A table header without a key is a TOML error at its line, not a crash of the parser.
    @Test(arguments: ["[!]\n", "policy = \"default\"\n[.pulse]\n", "log_level = \"info\"\r\n[[=]]\r\n"])
    func keylessHeader(_ text: String) throws {
        let error = try #require(failure(text))
        #expect(error.line == text.split(whereSeparator: \.isNewline).count)
        #expect(error.message == "not valid TOML: a table header needs a key inside its brackets")
    }

    /// A key set twice is a TOML error at the second line.
    @Test func duplicateKey() throws {
        let error = try #require(failure("log_level = \"info\"\nlog_level = \"debug\"\n"))
        #expect(error.line == 2)
    }

    /// A file that does not exist, or is not UTF-8, is an error naming the file.
    @Test func unreadableFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.appending("missing.toml")
        #expect(throws: ConfigError(path: missing, line: nil, message: "no such file")) {
            try ConfigFile.load(path: missing, home: "/home/ada")
        }
        let binary = directory.appending("binary.toml")
        try Data([0x66, 0xff, 0xfe]).write(to: URL(fileURLWithPath: binary))
        #expect(throws: ConfigError(path: binary, line: nil, message: "not UTF-8 text; TOML files are UTF-8")) {
            try ConfigFile.load(path: binary, home: "/home/ada")
        }
    }
}
