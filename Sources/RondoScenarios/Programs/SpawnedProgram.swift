import Glibc
import SinkMonitor
import Spawning

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A program a `spawn` step started on the daemon's audio server, with the tone fed to its
/// standard input and a private directory for its mpv IPC socket and its error output.
///
/// Its stream properties go into `PULSE_PROP` (after any the environment already has) and
/// `PIPEWIRE_PROPS`; `PULSE_SERVER` is the daemon's server when the daemon names one. A tone
/// is a WAV file of a sine at ``ToneProcess/amplitude`` that `sox` writes into a pipe only
/// the two programs hold. Used from one thread.
final class SpawnedProgram {
    /// The program as the scenario gives it.
    let program: ScenarioProgram
    /// The started process.
    let process: ChildProcess
    private let generator: ChildProcess?
    private let directory: String

    /// Starts `program`.
    /// - Parameters:
    ///   - program: the program, its properties and its tone.
    ///   - server: the daemon's PulseAudio server, `nil` to keep this process's.
    /// - Throws: ``ScenarioDriverError/programFailed`` when it or its tone cannot start.
    init(_ program: ScenarioProgram, server: String?) throws(ScenarioDriverError) {
        self.program = program
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/rondo-scenario-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Self.failure("cannot make a directory for \(program.id) in \(base): \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        let ipc = directory + "/ipc.sock"
        let arguments = program.command.map { $0.replacing(ScenarioProgram.ipcPlaceholder, with: ipc) }
        let inherited = ProcessInfo.processInfo.environment["PULSE_PROP"].map { $0 + " " } ?? ""
        var environment: [String: String?] = [
            "PULSE_PROP": inherited + StreamProperties.pulse(program.properties),
            "PIPEWIRE_PROPS": StreamProperties.pipeWire(program.properties),
        ]
        if let server { environment["PULSE_SERVER"] = server }
        do {
            if let tone = program.tone {
                let generator = try ChildProcess(
                    [
                        "sox", "-q", "-n", "-t", "wav", "-r", "\(Int(MonitorCapture.sampleRate))", "-b", "16", "-e",
                        "signed-integer", "-c", "1", "-", "synth", "3600", "sine", "\(tone)", "vol",
                        "\(ToneProcess.amplitude)",
                    ], standardOutput: .pipe)
                let pipe = generator.outputPipe!
                defer { close(pipe) }
                self.generator = generator
                process = try ChildProcess(
                    arguments, environment: environment, standardInput: .descriptor(pipe),
                    standardError: .file(directory + "/stderr.log"))
            } else {
                generator = nil
                process = try ChildProcess(
                    arguments, environment: environment, standardError: .file(directory + "/stderr.log"))
            }
        } catch {
            throw Self.failure("cannot start \(program.id) (\(program.command.joined(separator: " "))): \(error)")
        }
    }

    /// The program's pid and those of the processes it started: a stream of any of them is
    /// its stream.
    var pids: Set<Int32> { ProcessTree.descendants(of: process.pid).union([process.pid]) }

    /// The last line the program wrote to its standard error, to say why it failed.
    var lastErrorLine: String? {
        let text = (try? String(contentsOfFile: directory + "/stderr.log", encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).last.map(String.init)
    }

    /// Ends the program and the processes it started: SIGTERM and up to `grace` seconds for
    /// it to exit (then SIGKILL), or SIGKILL at once when `killing`.
    /// - Returns: its exit status (128 + the signal that ended it).
    @discardableResult
    func end(killing: Bool, grace: Double = 5) -> Int32 {
        let started = ProcessTree.descendants(of: process.pid)
        let startTimes = started.compactMap { pid in ProcessTree.startTime(of: pid).map { (pid, $0) } }
        for pid in started { kill(pid, killing ? SIGKILL : SIGTERM) }
        let status: Int32
        if killing {
            process.signal(SIGKILL)
            status = process.wait()
        } else {
            status = process.terminate(grace: grace)
        }
        // A pipeline's players may outlive the shell that started them. One that has gone
        // may have left its pid to another process by now (the grace lasts seconds): only a
        // pid whose process started when the one listed did is the same process.
        for (pid, startTime) in startTimes where ProcessTree.startTime(of: pid) == startTime { kill(pid, SIGKILL) }
        generator?.terminate()
        return status
    }

    /// Removes its directory; call once it has ended.
    func removeDirectory() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Sends one mpv JSON IPC command, such as `{"command":["set_property","pause",true]}`, and
    /// waits up to two seconds for mpv's reply.
    /// - Throws: ``ScenarioDriverError/programFailed`` when the socket does not answer or mpv
    ///   answers with an error.
    func send(_ command: String) throws(ScenarioDriverError) {
        let path = directory + "/ipc.sock"
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Self.failure("the IPC socket path of \(program.id) is too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Self.failure("cannot make a socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            throw Self.failure(
                "\(program.id) does not answer on its mpv IPC socket (\(String(cString: strerror(errno)))); "
                    + "is it mpv, started with --input-ipc-server=\(ScenarioProgram.ipcPlaceholder)?")
        }
        let line = Array((command + "\n").utf8)
        guard line.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == line.count else {
            throw Self.failure("cannot write to the mpv IPC socket of \(program.id)")
        }
        let reply = Self.readLine(descriptor, seconds: 2)
        guard let reply, reply.contains("\"error\":\"success\"") else {
            throw Self.failure("mpv of \(program.id) did not carry out \(command): \(reply ?? "no reply")")
        }
    }

    /// The first line that reads from `descriptor` within `seconds` and is a reply (mpv also
    /// writes event lines), without its line end; `nil` when none comes.
    private static func readLine(_ descriptor: Int32, seconds: Double) -> String? {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
        var buffer: [UInt8] = []
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 || errno == EINTR else { return nil }
            guard poller.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
            while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                if line.contains("\"error\"") { return line }
            }
        }
        return nil
    }

    private static func failure(_ message: String) -> ScenarioDriverError {
        ScenarioDriverError(code: ScenarioDriverError.programFailed, message: message)
    }
}
