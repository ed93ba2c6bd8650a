import Focus
import Foundation
import RondoScenarios
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct JUnitReportTests {
    /// What a parse of a JUnit document found: its elements in order with their attributes,
    /// and the text inside each `failure` or `error`.
    private final class Reader: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String: String] = [:]
        private var current: String?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            elements.append((elementName, attributes))
            current = elementName
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let current, current == "failure" || current == "error" { texts[current, default: ""] += string }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            current = nil
        }
    }

    private static func parse(_ xml: String) throws -> Reader {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        try #require(parser.parse(), "not well-formed: \(String(describing: parser.parserError))\n\(xml)")
        return reader
    }

    private static func result(name: String, step: String, expect: String) throws -> ScenarioResult {
        var driver = CheckedDriver()
        let text = """
            name = "\(name)"
            [sessions]
            music = { category = "playback" }
            [[step]]
            do = "\(step)"
            expect = \(expect)
            """
        return ScenarioRunner(try Scenario(toml: text, file: "Tests/Scenarios/music.toml")).run(on: &driver)
    }

    /// The document is well-formed: one testsuite with the counts, one testcase per scenario,
    /// a failure carrying the comparison for a failed scenario, nothing inside a passed one.
    @Test func wellFormed() throws {
        let results = [
            try Self.result(name: "Plays", step: "activate music", expect: #"{ music = "active" }"#),
            try Self.result(name: "Ducks", step: "activate music", expect: #"{ music = "ducked" }"#),
        ]
        let reader = try Self.parse(JUnitReport.xml(for: results))
        #expect(reader.elements.map(\.name) == ["testsuite", "testcase", "testcase", "failure"])
        #expect(
            reader.elements[0].attributes == [
                "name": "focus scenarios", "tests": "2", "failures": "1", "errors": "0", "skipped": "0",
            ])
        #expect(reader.elements[1].attributes == ["name": "Plays", "classname": "scenarios.music"])
        #expect(reader.elements[3].attributes == ["message": "1 of 1 steps failed", "type": "expectation"])
        #expect(
            reader.texts["failure"]
                == [
                    "Tests/Scenarios/music.toml: Ducks",
                    "✘ step 1: activate music",
                    "    expected       │ actual",
                    "  ≠ music = ducked │ music = active",
                ].joined(separator: "\n"))
    }

    /// Markup, quotes, line ends and control characters in names and reports are escaped, and
    /// read back as written (control characters as U+FFFD).
    @Test func escaping() throws {
        let name = "A <b> & \"c\" 'd'\u{1}"
        let result = try Self.result(
            name: #"A <b> & \"c\" 'd'\u0001"#, step: "activate music", expect: #"{ music = "ducked" }"#)
        #expect(result.scenario.name == name)
        let reader = try Self.parse(JUnitReport.xml(for: [result], suite: "suite\n\"x\""))
        #expect(reader.elements[0].attributes["name"] == "suite\n\"x\"")
        #expect(reader.elements[1].attributes["name"] == "A <b> & \"c\" 'd'\u{FFFD}")
        #expect(reader.texts["failure"]?.hasPrefix("Tests/Scenarios/music.toml: A <b> & \"c\" 'd'\u{FFFD}\n") == true)
    }

    /// A run that stopped early is an error, not a failure.
    @Test func stoppedRunIsAnError() throws {
        let scenario = try Scenario(toml: "name = \"x\"\n[[step]]\ndo = \"route-lost\"", file: "x.toml")
        let stopped = ScenarioResult(
            scenario: scenario, steps: [],
            stop: ScenarioStop(step: 1, error: ScenarioDriverError(code: "unavailable", message: "gone")))
        let reader = try Self.parse(JUnitReport.xml(for: [stopped]))
        #expect(reader.elements.map(\.name) == ["testsuite", "testcase", "error"])
        #expect(reader.elements[0].attributes["errors"] == "1")
        #expect(reader.elements[0].attributes["failures"] == "0")
        #expect(
            reader.elements[2].attributes == ["message": "stopped in step 1: unavailable: gone", "type": "unavailable"])
    }
}
