import Glibc
import RondoClient
import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Command {
    /// `library scan [PATH] [--full]`, `library problems`, `library stats`.
    static let library: [Command] = [scan, problems, stats]

    private static let scan = Command(
        name: ["library", "scan"], arguments: "[PATH] [--full]",
        summary: "Bring the library up to date with the music directory (PATH: only that part).",
        options: [CommandOption(name: "--full", value: nil)]
    ) { global, arguments throws(CLIFailure) in
        guard arguments.count <= 1 else { throw arguments.usage("expected at most one path") }
        let cwd = FileManager.default.currentDirectoryPath
        let path = arguments.words.first.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
        let client = try global.connect()
        let bar = ProgressBar(enabled: !global.json && isatty(STDERR_FILENO) == 1)
        let result: LibraryScanResult
        do throws(ClientError) {
            if bar.enabled { _ = try client.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.library])) }
            result = try client.call(Methods.LibraryScan.self, LibraryScanParams(path: path, full: arguments.flag("--full"))) {
                event in
                guard let progress = try? event.decode(Events.LibraryScanProgressEvent.self) else { return }
                bar.show(done: progress.done, total: progress.total)
            }
        } catch {
            bar.clear()
            throw CLIFailure(error)
        }
        bar.clear()
        if global.json { return global.printJSON(result) }
        let problems = result.problems == 0 ? "no problems" : "\(result.problems) files unreadable (see: rondo library problems)"
        print("\(result.added) added, \(result.updated) updated, \(result.removed) removed; \(problems)")
    }

    private static let problems = Command(
        name: ["library", "problems"], arguments: "", summary: "List the files left out of the library, and why."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(0)
        let problems = try global.call(Methods.LibraryProblems.self, Empty())
        if global.json { return global.printJSON(problems) }
        if problems.isEmpty { print("no problems: every file was read") }
        for problem in problems { print("\(problem.path): \(problem.reason)") }
    }

    private static let stats = Command(
        name: ["library", "stats"], arguments: "", summary: "Count what the library holds."
    ) { global, arguments throws(CLIFailure) in
        try arguments.expect(0)
        let stats = try global.call(Methods.LibraryStats.self, Empty())
        if global.json { return global.printJSON(stats) }
        print("music directory: \(stats.musicDirectory)")
        print("tracks: \(stats.tracks) (\(Format.time(stats.totalDuration)))")
        print("albums: \(stats.albums)  artists: \(stats.artists)  genres: \(stats.genres)  playlists: \(stats.playlists)")
        print("podcasts & books: \(stats.spokenWord) items  problems: \(stats.problems)")
        print("last scan: " + (stats.lastScan.map { LibraryFormat.date($0) } ?? "never"))
    }
}
