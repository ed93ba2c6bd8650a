import Foundation
import RondoClient
import RondoProtocol
import RondoTesting

/// A music directory of MP3 files tagged by `lame`, made for one test, and the calls the
/// library tests share.
struct MusicDirectory {
    let directory: TemporaryDirectory
    var path: String { directory.path }

    init() throws { directory = try TemporaryDirectory(prefix: "rondo-music") }

    /// Encodes a one-second tone at `relativePath` with the given ID3 tags.
    func add(
        _ relativePath: String, title: String, artist: String, album: String, year: Int? = nil, track: Int? = nil,
        genre: String? = nil, frequency: Int = 440, seconds: Double = 1
    ) throws {
        let file = directory.appending(relativePath)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let wave = file + ".wav"
        defer { try? FileManager.default.removeItem(atPath: wave) }
        let synthesized = Subprocess.run(
            ["/usr/bin/sox", "-n", "-r", "44100", "-c", "1", wave, "synth", "\(seconds)", "sine", "\(frequency)", "vol", "0.5"])
        var tags = ["--tt", title, "--ta", artist, "--tl", album]
        if let year { tags += ["--ty", "\(year)"] }
        if let track { tags += ["--tn", "\(track)"] }
        if let genre { tags += ["--tg", genre] }
        let encoded = Subprocess.run(["/usr/bin/lame", "--quiet", "-b", "64", "--id3v2-only"] + tags + [wave, file])
        guard synthesized == 0, encoded == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "sox/lame failed for \(file)"])
        }
    }

    /// Writes raw bytes at `relativePath` (a file that is not what its name says).
    func write(_ relativePath: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: directory.appending(relativePath)))
    }

    /// Deletes a file.
    func remove(_ relativePath: String) throws {
        try FileManager.default.removeItem(atPath: directory.appending(relativePath))
    }
}

extension RondoClient {
    /// Scans, waiting out a scan already running (the one at start-up) for up to a minute.
    func scanLibrary(_ params: LibraryScanParams = LibraryScanParams()) throws -> LibraryScanResult {
        let deadline = Date().addingTimeInterval(60)
        while true {
            do {
                return try call(Methods.LibraryScan.self, params)
            } catch {
                guard case .rpc(let reply) = error, reply.data?.code == .libraryBusy, Date() < deadline else { throw error }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    /// The children of an index path, all of them.
    func children(_ path: [Int]) throws -> LibraryChildrenResult {
        try call(Methods.LibraryChildren.self, LibraryChildrenParams(indexPath: path))
    }

    /// The item at an index path.
    func item(_ path: [Int]) throws -> ContentItem {
        try call(Methods.LibraryItem.self, IndexPathParams(indexPath: path))
    }

    /// The number of children of an index path.
    func count(_ path: [Int]) throws -> Int {
        try call(Methods.LibraryCount.self, IndexPathParams(indexPath: path)).count
    }

    /// The domain error code a call fails with, or `nil` when it succeeds.
    func failure<M: RPCMethod>(_ method: M.Type, _ params: M.Params) -> ErrorCode? {
        do {
            _ = try call(method, params)
            return nil
        } catch {
            guard case .rpc(let reply) = error else { return nil }
            return reply.data?.code
        }
    }
}
