import Foundation
import RondoProtocol
import RondoTesting
import Testing

/// The closed sets of wire names are spelled in RondoProtocol alone (DESIGN.md: "Wire
/// vocabulary … is typed in RondoProtocol and nowhere else").
struct WireVocabularyTests {
    /// A quoted spelling outside RondoProtocol that is not the wire's, and why.
    private struct Allowed: Hashable {
        var file: String
        var spelling: String
    }

    /// Spellings that other contracts share with the wire, where they stand for those.
    private static let allowed: [Allowed: String] = {
        var allowed: [Allowed: String] = [:]
        func allow(_ file: String, _ spellings: [String], because reason: String) {
            for spelling in spellings { allowed[Allowed(file: file, spelling: spelling)] = reason }
        }
        // The arbiter and the scenario files sit below RondoProtocol (Focus imports
        // only TOMLReading), and speak their own text: SPEC §8's scenario lines and
        // error expectations, and policy rule names and keys.
        let focusCodes = ["badParam", "noSuchSession", "sessionNotActive", "insufficientPriority", "cannotInterruptOthers", "isBusy"]
        allow("Focus/Arbiter/FocusError.swift", focusCodes, because: "the arbiter's codes; the daemon maps them to ErrorCode by switch")
        allow("RondoScenarios/Model/StepOutcome.swift", focusCodes + ["none"], because: "a scenario's `error = …` (SPEC §8)")
        allow("RondoScenarios/Parsing/ScenarioReader+Expectations.swift", ["none"], because: "a scenario's `error = none`")
        allow("RondoScenarios/Parsing/ScenarioEvent+Parsing.swift", ["began", "ended", "route"], because: "scenario event lines")
        allow("RondoScenarios/Parsing/SessionName.swift", ["route"], because: "an expectation key of scenario files")
        allow("RondoScenarios/Parsing/ScenarioReader.swift", ["default"], because: "the default policy's name")
        allow("RondoScenarios/Model/Scenario.swift", ["default"], because: "the default policy's name")
        allow("Focus/Policy/FocusPolicy.swift", ["default", "call"], because: "the default policy's and its call rule's names")
        allow("Focus/Policy/TOMLTableReader+Rules.swift", ["call"], because: "a policy predicate's key")
        allow("RondoDaemon/Configuration/DaemonOptions.swift", ["default"], because: "the default policy's name")
        // PulseAudio's `media.role` stream property, not a session role.
        allow("Audio/Engine/PlaybackEngine.swift", ["music"], because: "PulseAudio's media.role")
        allow("Audio/Engine/PlaybackEngine+Output.swift", ["music"], because: "PulseAudio's media.role")
        allow("Audio/Pulse/PulseStream.swift", ["music"], because: "PulseAudio's media.role")
        allow("Audio/Prompt/PromptPlayer.swift", ["navigation"], because: "PulseAudio's media.role")
        allow(
            "Focus/Adoption/FocusPolicy+DefaultAdoption.swift", ["navigation", "notification", "emergency", "music"],
            because: "PulseAudio's and PipeWire's media.role names the default adoption rules match")
        allow("Streams/Playlists/XSPFLocations.swift", ["track"], because: "an XSPF playlist's element name")
        allow("Library/Scanner/FolderCover.swift", ["album"], because: "a folder cover's file name (album.jpg)")
        allow(
            "RondoScenarios/Parsing/ScenarioAction+Parsing.swift", ["stop", "pause", "play"],
            because: "a scenario's actions on a program it started, no wire names")
        allow(
            "RondoScenarios/Parsing/ScenarioReader+Programs.swift", ["tone"], because: "a scenario program's tone key, no wire name")
        allow("RondoScenarios/Parsing/ScenarioReader+Steps.swift", ["tone"], because: "a scenario program's tone key, no wire name")
        allow("rondo/Commands/PodcastCommands.swift", ["off"], because: "rondo podcast played ID off, no wire name")
        allow("rondo/Commands/SleepCommand.swift", ["end", "off"], because: "rondo sleep end|off, no wire names")
        allow("Audio/Decoding/FFmpegStream.swift", ["none"], because: "FFmpeg's protocol whitelist, which names no protocol")
        allow("Audio/Tags/ChapterReader.swift", ["none"], because: "FFmpeg's protocol whitelist, which names no protocol")
        // Words of the CLI (SPEC §7) and of rondo.toml, which happen to be wire names too.
        allow("rondo/Commands/TransportCommands.swift", ["pause", "stop"], because: "CLI command words")
        allow("rondo/Commands/LibraryCommands.swift", ["play"], because: "CLI command words")
        allow("rondo/Commands/QueueCommands.swift", ["queue", "play"], because: "CLI command words")
        allow("rondo/Commands/LibraryMaintenanceCommands.swift", ["library"], because: "CLI command words")
        allow("rondo/Commands/SessionCommands.swift", ["session"], because: "CLI command words")
        allow("rondo/Format.swift", ["disabled"], because: "`rondo commands` prints enabled or disabled")
        // Other programs' words, and log text.
        allow("RondoTesting/PulseServer.swift", ["short"], because: "`pactl list short sinks`")
        allow("rondo/Commands/ModeCommands.swift", ["off"], because: "the CLI's on|off feedback word")
        allow("rondo/Commands/OutputCommands.swift", ["default"], because: "the CLI's `rondo output default`")
        allow("rondo/CommandLine/FishCompletion.swift", ["end"], because: "the fish `end` keyword")
        allow("RondoDaemon/Configuration/ViewListen.swift", ["off"], because: "rondo.toml's `view = \"off\"`")
        allow("RondoTesting/DaemonProcess.swift", ["off"], because: "rondod's `--view off`")
        allow("Library/Store/SavedPlaybackState.swift", ["off"], because: "the saved state's column default")
        allow("Library/Store/PlaybackStateStore+Reading.swift", ["playing"], because: "a column of the saved state")
        // The MPD protocol's own words (SPEC §13): its command names, its state names and
        // its partition and tag-type words, which happen to be wire names too.
        allow(
            "RondoMPD/MPDCommands+Status.swift", ["play", "pause", "stop", "default", "audio"],
            because: "MPD's command, state and status field names")
        allow(
            "RondoMPD/MPDCommands.swift", ["play", "pause", "stop", "all", "default"],
            because: "MPD's command names, `tagtypes all` and its one partition")
        // Snapcast's stream plug-in interface: its property values and control commands.
        allow(
            "rondo-snapcast-control/SnapcastProperties.swift", ["album", "playing", "paused", "stopped", "none", "track"],
            because: "Snapcast's property names and values")
        allow("rondo-snapcast-control/main.swift", ["play", "pause", "stop", "track"], because: "Snapcast's control commands and loop status")
        // Feeds' words: Media RSS's `medium` attribute.
        allow("Feeds/Enclosure.swift", ["audio"], because: "Media RSS's medium attribute")
        allow("RondoTesting/TestHTTPServer+Station.swift", ["audio"], because: "a key of the test station's script")
        // The library's own tables and the browse tree's words for its kinds of items.
        allow("Library/Browse/BrowseItem+Entry.swift", ["album"], because: "a subtitle's counted noun")
        allow("Library/Browse/FixedContainer.swift", ["album"], because: "a container's counted noun")
        allow("Library/Store/LibraryStore+Identifiers.swift", ["track", "album"], because: "SQL table names")
        allow("Library/Store/LibraryStore+Lists.swift", ["album"], because: "an SQL table name")
        allow("Library/Store/LibraryStore+ScanWriting.swift", ["track"], because: "an SQL table name")
        allow("Library/Store/ScanBatchWriter.swift", ["album"], because: "an SQL table name")
        return allowed
    }()

    /// Every wire set, by spelling: the sets each spelling belongs to.
    private static let spellings: [String: [String]] = {
        var spellings: [String: [String]] = [:]
        for set in WireVocabulary.all {
            for spelling in set.spellings { spellings[spelling, default: []].append("\(set)") }
        }
        return spellings
    }()

    /// The Swift files under `Sources/`, outside RondoProtocol, as paths relative to `Sources/`.
    private static func sourceFiles() throws -> [String] {
        let sources = BuiltProducts.packageRoot + "/Sources"
        let all = try #require(FileManager.default.enumerator(atPath: sources)?.allObjects as? [String])
        return all.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("RondoProtocol/") }.sorted()
    }

    /// No Swift file outside RondoProtocol holds a string literal that is exactly a wire
    /// name of a closed set, except where another contract spells the same word.
    @Test func spellingsLiveOnlyInRondoProtocol() throws {
        var found: [String] = []
        for file in try Self.sourceFiles() {
            let text = try String(contentsOfFile: BuiltProducts.packageRoot + "/Sources/" + file, encoding: .utf8)
            for literal in SwiftStringLiterals(text).literals {
                guard let sets = Self.spellings[literal.text], Self.allowed[Allowed(file: file, spelling: literal.text)] == nil
                else { continue }
                found.append("Sources/\(file):\(literal.line): \"\(literal.text)\" (\(sets.joined(separator: ", ")))")
            }
        }
        #expect(found.isEmpty, "use the RondoProtocol enum instead:\n\(found.joined(separator: "\n"))")
    }

    /// Every allowed spelling is still found where it is allowed: the list does not outlive
    /// the code it excuses.
    @Test func theAllowListIsCurrent() throws {
        var stale = Set(Self.allowed.keys)
        for file in try Self.sourceFiles() {
            let text = try String(contentsOfFile: BuiltProducts.packageRoot + "/Sources/" + file, encoding: .utf8)
            for literal in SwiftStringLiterals(text).literals { stale.remove(Allowed(file: file, spelling: literal.text)) }
        }
        #expect(stale.isEmpty, "\(stale.map { "\($0.file): \($0.spelling)" }.sorted())")
    }

    /// No source forces a raw value into an enum (`Kind(rawValue: name)!`): values cross
    /// between modules through exhaustive switches, and names from outside are checked.
    @Test func noForcedRawValueConversions() throws {
        let pattern = try Regex(#"rawValue:[^)]*\)!"#)
        var found: [String] = []
        let sources = BuiltProducts.packageRoot + "/Sources"
        let all = try #require(FileManager.default.enumerator(atPath: sources)?.allObjects as? [String])
        for file in all where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(pattern) {
                found.append("Sources/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The scanner finds literals exactly, in interpolations too, and not in comments or
    /// inside longer strings.
    @Test func literalsAreFoundExactly() {
        let source = #"""
            let a = "playing" // "paused"
            /* "stopped" */ let b = "x \(c ?? "none") y"
            let d = #"raw "quoted" text"#
            let e = """
                "multi"
                """
            #if os(Linux)
            let f = ""
            #endif
            """#
        #expect(
            SwiftStringLiterals(source).literals.map(\.text) == ["playing", "none", "x \u{FFFC} y", #"raw "quoted" text"#, "    \"multi\"\n    ", ""])
    }

    /// Each set lists distinct spellings, so a name decodes to exactly one case.
    @Test func everySetSpellsEachNameOnce() {
        for set in WireVocabulary.all {
            #expect(Set(set.spellings).count == set.spellings.count, "\(set)")
        }
    }
}
