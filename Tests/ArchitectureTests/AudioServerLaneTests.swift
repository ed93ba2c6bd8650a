import Foundation
import Testing

/// The PipeWire lane runs only the tests tagged `dependsOnAudioServer`, so every suite that
/// plays through an audio server must say whether its outcome can differ on another one:
/// a suite in a file that touches an audio server (a `PulseServer`, the benches and rigs
/// built on one, a monitor recording, sink inputs) carries `.dependsOnAudioServer(reason)`
/// or `.sameOnEveryAudioServer(reason)`, on itself or on every test in it, with a reason.
@Suite struct AudioServerLaneTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Names whose use means a file plays through an audio server; the types declared in
    /// helper files (files without tests) that use one join them.
    private static let markers = [
        "PulseServer(", "MonitorRecorder(", "\"/usr/bin/pactl\"", "\"/usr/bin/paplay\"", "\"/usr/bin/parec\"",
        ".pactl(", "\"pactl\"", "\"paplay\"", "\"parec\"",
    ]
    private static let decisions = [".dependsOnAudioServer(\"", ".sameOnEveryAudioServer(\""]

    /// A Swift file of a test target, with its text.
    struct SourceFile {
        var path: String
        var text: String
        var hasTests: Bool { text.contains("@Test") }
    }

    /// Every Swift file under `Tests/` but this target's.
    static func testFiles() throws -> [SourceFile] {
        let tests = root.appendingPathComponent("Tests")
        let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        var files: [SourceFile] = []
        while let url = walker?.nextObject() as? URL {
            // The rules' own tests quote what they look for.
            guard url.pathExtension == "swift", !url.path.contains("/ArchitectureTests/") else { continue }
            files.append(SourceFile(path: url.path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// The markers, with the types of the helper files that use one (to a fixed point: a
    /// rig built on a bench built on a server).
    static func allMarkers(in files: [SourceFile]) -> [String] {
        var markers = markers
        var changed = true
        while changed {
            changed = false
            for file in files where !file.hasTests && markers.contains(where: file.text.contains) {
                for name in declaredTypes(file.text) where !markers.contains(name + "(") {
                    markers.append(name + "(")
                    changed = true
                }
            }
        }
        return markers
    }

    /// The names of the types a file declares at its top level (unindented).
    static func declaredTypes(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix(" ") else { return nil }
            let words = line.split(separator: " ")
            for (index, word) in words.enumerated() where ["struct", "class", "enum"].contains(word) && index + 1 < words.count {
                guard words[..<index].allSatisfy({ ["final", "public", "private", "fileprivate"].contains($0) }) else { return nil }
                return String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
            }
            return nil
        }
    }

    /// The attribute text in front of each top-level type that holds tests, by type name:
    /// an implicit suite (no `@Suite`) has an empty attribute.
    static func suites(_ text: String) -> [(name: String, attribute: String, body: String)] {
        let lines = text.components(separatedBy: "\n")
        var found: [(name: String, attribute: String, body: String)] = []
        var attribute = ""
        for (index, line) in lines.enumerated() {
            let open = attribute.filter { $0 == "(" }.count > attribute.filter { $0 == ")" }.count
            if line.hasPrefix("@Suite") || open {
                attribute = (open ? attribute + "\n" : "") + line
                continue
            }
            guard let name = declaredTypes(line).first else {
                if !line.hasPrefix("///") && !line.hasPrefix("@") { attribute = "" }
                continue
            }
            let rest = lines[(index + 1)...]
            let end = rest.firstIndex { $0.hasPrefix("}") } ?? lines.count
            let body = lines[(index + 1)..<end].joined(separator: "\n")
            if body.contains("@Test") { found.append((name, attribute, body)) }
            attribute = ""
        }
        return found
    }

    /// Whether `text` holds a decision with a reason that says something.
    static func decides(_ text: String) -> Bool {
        decisions.contains { decision in
            text.components(separatedBy: decision).dropFirst().contains { $0.prefix { $0 != "\"" }.count >= 12 }
        }
    }

    /// Every suite that touches an audio server decides whether the PipeWire lane runs it.
    @Test func everySuiteOnAnAudioServerDecides() throws {
        let files = try Self.testFiles()
        let markers = Self.allMarkers(in: files)
        var undecided: [String] = []
        var touching = 0
        for file in files where file.hasTests && markers.contains(where: file.text.contains) {
            for suite in Self.suites(file.text) {
                touching += 1
                let everyTest = suite.body.components(separatedBy: "@Test").dropFirst().allSatisfy { Self.decides(String($0.prefix { $0 != "\n" })) }
                if !Self.decides(suite.attribute) && !everyTest {
                    undecided.append("\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")): \(suite.name)")
                }
            }
        }
        #expect(touching > 30, "the scan found only \(touching) suites on an audio server")
        #expect(undecided.isEmpty, "no .dependsOnAudioServer(reason) or .sameOnEveryAudioServer(reason):\n\(undecided.joined(separator: "\n"))")
    }

    /// The scan reads what it must: a suite's attribute on the line before its type, an
    /// implicit suite, and a reason too short to say anything.
    @Test func theScanReadsSuitesAndReasons() {
        let text = """
            /// A suite.
            @Suite(.serialized, .dependsOnAudioServer("levels heard at the monitor"))
            struct Heard {
                @Test func one() {}
            }

            @Suite(
                .serialized,
                .sameOnEveryAudioServer("the bus's methods and signals"))
            struct Wrapped {
                @Test func three() {}
            }

            struct Implicit {
                @Test func two() {}
            }
            """
        let found = Self.suites(text)
        #expect(found.map(\.name) == ["Heard", "Wrapped", "Implicit"])
        #expect(Self.decides(found[0].attribute))
        #expect(Self.decides(found[1].attribute))
        #expect(!Self.decides(found[2].attribute))
        #expect(!Self.decides(".sameOnEveryAudioServer(\"x\")"))
        #expect(Self.declaredTypes("final class Rig: Sendable {\n    struct Inner {") == ["Rig"])
    }
}
