import Foundation
import FoundationXML
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// `rondo scenario run` through the real daemon, each scenario in a sandbox (SPEC §8).
struct ScenarioRunTests {
    private static let scenarios = BuiltProducts.packageRoot + "/Tests/Scenarios"

    private func scenarioRun(_ arguments: [String], daemon: DaemonProcess) -> CLIRun {
        let result = Subprocess.capture(
            [BuiltProducts.rondo, "scenario", "run"] + arguments, environment: ["RONDO_SOCKET": daemon.socketPath])
        return CLIRun(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// The repository's scenario files but those that spawn programs, which need the live
    /// arbiter and an audio server (ProgramScenarioTests runs them).
    private var allFiles: [String] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: Self.scenarios).filter { $0.hasSuffix(".toml") }.sorted()
                .map { Self.scenarios + "/" + $0 }
                .filter { !(try String(contentsOfFile: $0, encoding: .utf8)).split(separator: "\n").contains { $0.hasPrefix("spawn ") } }
        }
    }

    /// Every scenario of the repository that runs in a sandbox passes through the daemon as
    /// it does in-process: exit 0, `N passed, 0 failed`, and valid JUnit XML with one test
    /// case per scenario.
    @Test func everyScenarioPassesThroughTheDaemon() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let files = try allFiles
        let junit = daemon.directory.appending("junit.xml")
        let run = scenarioRun(files + ["--junit", junit], daemon: daemon)
        #expect(run.status == 0, "\(run.stdout.split(separator: "\n").filter { $0.contains("✘") || $0.contains("≠") })")
        let summary = try #require(run.lines.last)
        #expect(summary.hasSuffix(" passed, 0 failed"), "\(summary)")
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: junit)))
        let counter = TestCaseCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.testCases == files.count)
        #expect(counter.failures == 0)
    }

    /// A wrong expectation fails its step with the expected and actual states and events
    /// side by side, and the run exits 1; the daemon's own sessions are untouched.
    @Test func wrongExpectationFailsWithADiff() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let live = try daemon.client()
        let music = try live.call(Methods.SessionOpen.self, SessionOpenParams(name: "mine", category: .playback))
        _ = try live.call(Methods.SessionActivate.self, music)
        let file = daemon.directory.appending("wrong.toml")
        try """
        name = "Claims that a prompt interrupts music"
        [sessions]
        music = { category = "playback" }
        nav = { category = "playback", mode = "voicePrompt", options = ["duckOthers"] }

        [[step]]
        do = "activate music"

        [[step]]
        do = "activate nav"
        expect = { music = "interrupted" }
        events = ["music interruption began reason=default"]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = scenarioRun([file], daemon: daemon)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("✔ step 1: activate music"), "\(run)")
        #expect(run.stdout.contains("✘ step 2: activate nav"), "\(run)")
        #expect(run.stdout.contains("music = interrupted"), "\(run)")
        #expect(run.stdout.contains("music = ducked"), "\(run)")
        #expect(run.stdout.contains("music gain 0.3"), "\(run)")
        #expect(run.lines.last == "1 passed, 1 failed", "\(run)")
        #expect(try live.call(Methods.SessionList.self).first { $0.session == music.session }?.state == .active)
        #expect(try live.call(Methods.SessionList.self).allSatisfy { $0.sandbox == nil })
    }

    /// A malformed scenario is reported with its file and line, and the run exits 1.
    @Test func malformedScenarioNamesFileAndLine() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let file = daemon.directory.appending("broken.toml")
        try "name = \"Broken\"\n[sessions]\nmusic = { category = \"playback\" }\n\n[[step]]\ndo = \"dance music\"\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = scenarioRun([file], daemon: daemon)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(file):6:"), "\(run)")
    }
}

/// Counts `<testcase>` and `<failure>` elements of a JUnit report.
private final class TestCaseCounter: NSObject, XMLParserDelegate {
    var testCases = 0
    var failures = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "testcase" { testCases += 1 }
        if elementName == "failure" || elementName == "error" { failures += 1 }
    }
}
