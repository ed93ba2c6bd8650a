import Foundation
import Spawning

/// Runs helper programs to completion for tests.
public enum Subprocess {
    /// Runs `arguments` to completion with the extra environment, returning its exit status.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String?] = [:]) -> Int32 {
        guard let child = try? ChildProcess(arguments, environment: environment) else { return -1 }
        return child.wait()
    }

    /// Runs `arguments` to completion and captures its standard output and error.
    public static func capture(
        _ arguments: [String], environment: [String: String?] = [:]
    ) -> (status: Int32, stdout: String, stderr: String) {
        guard let directory = try? TemporaryDirectory(prefix: "rondo-capture") else { return (-1, "", "no temporary directory") }
        defer { directory.remove() }
        let outPath = directory.appending("stdout")
        let errPath = directory.appending("stderr")
        let status: Int32
        do {
            let child = try ChildProcess(arguments, environment: environment, standardOutput: .file(outPath), standardError: .file(errPath))
            status = child.wait()
        } catch {
            return (-1, "", "\(error)")
        }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return (status, read(outPath), read(errPath))
    }
}
