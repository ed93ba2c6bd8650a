import Glibc

extension Command {
    /// `scenario run FILE… [--junit OUT] [--audio] [--live]`: carried out by `rondo-scenario`,
    /// installed beside `rondo`, so that the TOML parser and the scenario runner are not
    /// loaded by every other command.
    static let scenario = Command(
        name: ["scenario", "run"], arguments: "FILE… [--junit OUT] [--audio] [--live]",
        summary: "Run focus scenarios on the daemon, each in a sandbox under its policy (or on the real arbiter"
            + " with --live); exit 1 when any expectation fails.",
        options: [
            CommandOption(name: "--junit", value: "OUT"), CommandOption(name: "--audio", value: nil),
            CommandOption(name: "--live", value: nil),
        ]
    ) { global, arguments throws(CLIFailure) in
        guard !arguments.isEmpty else { throw arguments.usage("give one or more scenario files") }
        var handedOn = ["--socket", global.socketPath]
        if let junit = arguments.value("--junit") { handedOn += ["--junit", junit] }
        if arguments.flag("--audio") { handedOn.append("--audio") }
        if arguments.flag("--live") { handedOn.append("--live") }
        try ScenarioRunner.exec(handedOn + ["--"] + arguments.words)
    }
}

/// The `rondo-scenario` executable beside this one.
enum ScenarioRunner {
    /// Replaces this process with `rondo-scenario ARGUMENTS`.
    /// - Throws: a domain failure when it is not installed beside `rondo`.
    static func exec(_ arguments: [String]) throws(CLIFailure) {
        let path = siblingPath()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw .domain("cannot run \(path) (\(String(cString: strerror(errno)))); it is installed beside rondo by make install")
    }

    /// `rondo-scenario` in the directory this executable was started from.
    private static func siblingPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "rondo-scenario" }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return directory + "/rondo-scenario"
    }
}
