import Foundation
import Glibc
import RondoTesting
import Testing

@testable import Library

/// ``DirectoryWalker`` on real directories: the walk of a library's subtrees on several
/// threads finds exactly what the walk in order finds, in the same order.
struct DirectoryWalkerTests {
    /// Twelve artists of albums of audio files, playlists, other and hidden files, a name that
    /// is not UTF-8 and a symbolic link back to an ancestor.
    private static func library() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "rondo-walk")
        let files = FileManager.default
        for artist in 0..<12 {
            for album in 0..<(artist % 4 + 1) {
                let path = directory.appending("music/Artist \(artist)/Album \(album)")
                try files.createDirectory(atPath: path, withIntermediateDirectories: true)
                for track in 0..<(album + 2) {
                    try Data(repeating: UInt8(track), count: track + 1).write(to: URL(fileURLWithPath: path + "/\(track).mp3"))
                }
                try Data().write(to: URL(fileURLWithPath: path + "/cover.jpg"))
                try Data().write(to: URL(fileURLWithPath: path + "/.hidden.mp3"))
                try Data().write(to: URL(fileURLWithPath: path + "/list.M3U8"))
            }
        }
        try files.createSymbolicLink(atPath: directory.appending("music/Artist 3/loop"), withDestinationPath: "..")
        let name = Array(directory.appending("music/Artist 5/caf").utf8) + [0xE9] + Array(".flac".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        return directory
    }

    private static func expectSameWalk(_ root: String) throws -> DirectoryWalker.Walk {
        let parallel = DirectoryWalker().walk(root)
        let inOrder = DirectoryWalker(limit: .max).walk(root)
        let firstDifference = zip(parallel.files, inOrder.files).first { $0 != $1 }
        #expect(
            parallel.files.count == inOrder.files.count && firstDifference == nil,
            "\(parallel.files.count) files against \(inOrder.files.count); first difference: \(String(describing: firstDifference))")
        #expect(parallel.problems.map(\.path) == inOrder.problems.map(\.path))
        #expect(parallel.unreadableDirectories == inOrder.unreadableDirectories)
        #expect(!parallel.stoppedAtLimit && !inOrder.stoppedAtLimit)
        return parallel
    }

    /// Every audio file and playlist is found once, in bytewise name order depth first, with
    /// its stamp; the name that is not UTF-8 is a problem; both walks agree.
    @Test func subtreesWalkedInParallelMatchTheWalkInOrder() throws {
        let directory = try Self.library()
        defer { directory.remove() }
        let walk = try Self.expectSameWalk(directory.appending("music"))
        let audio = walk.files.filter { $0.kind == .audio }
        #expect(audio.count == (0..<12).reduce(0) { total, artist in total + (0..<(artist % 4 + 1)).reduce(0) { $0 + $1 + 2 } })
        #expect(walk.files.filter { $0.kind == .playlist }.count == (0..<12).reduce(0) { $0 + $1 % 4 + 1 })
        #expect(walk.files.first?.path == directory.appending("music/Artist 0/Album 0/0.mp3"))
        #expect(walk.files.map(\.path) == walk.files.map(\.path).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(walk.problems.count == 1)
    }

    /// A symbolic link in one artist to an album of a later artist is walked through the
    /// link, as the walk in order does, and the album is not walked again under its artist.
    @Test func subtreesThatMeetAreWalkedInOrder() throws {
        let directory = try Self.library()
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appending("music/Artist 1/shared"), withDestinationPath: "../Artist 9/Album 1")
        let walk = try Self.expectSameWalk(directory.appending("music"))
        let shared = walk.files.filter { $0.path.hasSuffix("/0.mp3") && $0.path.contains("/shared/") }
        #expect(shared.count == 1)
        #expect(!walk.files.contains { $0.path.hasPrefix(directory.appending("music/Artist 9/Album 1/")) })
    }

    /// A walk with a limit stops past it, whether the files lie in the directory walked or
    /// under it, and keeps the first ones in walk order.
    @Test(arguments: [false, true])
    func aLimitStopsTheWalk(nested: Bool) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-walk")
        defer { directory.remove() }
        let folder = directory.appending(nested ? "music/inner" : "music")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in 0..<5 {
            try Data().write(to: URL(fileURLWithPath: folder + "/\(number).mp3"))
        }
        let walk = DirectoryWalker(limit: 3).walk(directory.appending("music"))
        #expect(walk.stoppedAtLimit)
        #expect(walk.files.map(\.path) == (0..<3).map { folder + "/\($0).mp3" })
        #expect(!DirectoryWalker(limit: 5).walk(directory.appending("music")).stoppedAtLimit)
    }
}
