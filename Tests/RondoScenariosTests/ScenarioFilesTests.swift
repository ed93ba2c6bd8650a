import Focus
import Foundation
import RondoScenarios
import RondoTesting
import Testing

@Suite struct ScenarioFilesTests {
    private static let directory = BuiltProducts.packageRoot + "/Tests/Scenarios"

    /// Every scenario file's name, sorted.
    private static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".toml") }.sorted()
    }()

    /// Every scenario file loads and passes in process under its policy from `Config/policies/`
    /// or, for a policy of the scenarios' own, `Tests/Scenarios/policies/`; a spawned program
    /// is the session its stream's properties make under the policy's rules.
    @Test(arguments: files)
    func passesInProcess(file: String) throws {
        let text = try String(contentsOfFile: Self.directory + "/" + file, encoding: .utf8)
        let scenario = try Scenario(toml: text, file: file)
        let policy = try Self.policy(named: scenario.policy)
        var driver = CheckedDriver(policy: policy)
        let result = ScenarioRunner(scenario).run(on: &driver)
        #expect(result.passed, "\(ScenarioReport.lines(for: result).joined(separator: "\n"))")
    }

    private static func policy(named name: String) throws -> FocusPolicy {
        let packaged = BuiltProducts.packageRoot + "/Config/policies/\(name).toml"
        let path =
            FileManager.default.fileExists(atPath: packaged) ? packaged : directory + "/policies/\(name).toml"
        return try FocusPolicy(toml: try String(contentsOfFile: path, encoding: .utf8), file: path)
    }

    /// At least 28 scenario files exercise the default policy.
    @Test func enoughDefaultScenarios() throws {
        let policies = try Self.files.map { file in
            try Scenario(toml: try String(contentsOfFile: Self.directory + "/" + file, encoding: .utf8), file: file)
                .policy
        }
        #expect(policies.filter { $0 == "default" }.count >= 28)
    }
}
