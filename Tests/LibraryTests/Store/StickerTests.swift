import Foundation
import Library
import RondoTesting
import Testing

/// Stickers (MPD's `sticker`) in the library's database: set, read, listed by name,
/// found under a directory with a comparison, deleted; kept by the track's path through a
/// rescan and through the file going and coming back.
struct StickerTests {
    @Test func stickersAreKeptByPathThroughRescans() throws {
        let library = try LibraryFixture()
        defer { library.remove() }
        let one = try library.add("A/one.mp3", ["title": "One"])
        let two = try library.add("A/two.mp3", ["title": "Two"])
        try library.add("B/three.mp3", ["title": "Three"])
        try library.scan()
        let store = library.store
        try store.setSticker("rating", onPath: one, to: "5")
        try store.setSticker("rating", onPath: two, to: "3")
        try store.setSticker("love", onPath: one, to: "yes")
        try store.setSticker("rating", onPath: one, to: "4")
        #expect(try store.sticker("rating", onPath: one) == "4")
        #expect(try store.stickers(onPath: one).map { "\($0.name)=\($0.value)" } == ["love=yes", "rating=4"])
        #expect(try store.stickerFind("rating", under: library.music + "/A").map(\.path) == [one, two])
        #expect(try store.stickerFind("rating", under: library.music + "/B").isEmpty)
        #expect(try store.stickerFind("rating", under: nil, where: (.greater, "3")).map(\.value) == ["4"])
        #expect(try store.stickerFind("rating", under: nil, where: (.equal, "3")).map(\.path) == [two])

        try library.scan(full: true)
        #expect(try store.sticker("rating", onPath: one) == "4", "a rescan keeps them")
        let kept = try Data(contentsOf: URL(fileURLWithPath: one))
        try FileManager.default.removeItem(atPath: one)
        try library.scan()
        #expect(try store.stickerFind("rating", under: nil).map(\.path) == [two], "a song that went is not found")
        try kept.write(to: URL(fileURLWithPath: one))
        try library.scan()
        #expect(try store.sticker("rating", onPath: one) == "4", "and has its stickers again when it comes back")

        #expect(try store.deleteSticker("love", onPath: one))
        #expect(try !store.deleteSticker("love", onPath: one))
        #expect(try store.deleteSticker(nil, onPath: one))
        #expect(try store.stickers(onPath: one).isEmpty)
    }
}
