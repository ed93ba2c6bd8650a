import Audio
import ContentIdentifiers
import Foundation
import RondoProtocol
import RondoTesting
import Testing

/// ``ArtworkCache``: one content-named file per distinct picture, written atomically.
struct ArtworkCacheTests {
    /// A stored picture is a `file://` URL to `<hash>.<ext>` holding exactly its bytes; the
    /// directory and its parents are created.
    @Test func storesThePictureBytes() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-artwork")
        defer { directory.remove() }
        let cache = ArtworkCache(directory: directory.appending("cache/rondo/artwork"))
        let jpeg = TestImages.jpeg(width: 5, height: 4)
        let url = try cache.store(EmbeddedPicture(data: jpeg))
        #expect(url.isFileURL)
        #expect(url.path == cache.directory + "/" + FNV1a.hexDigest(jpeg) + ".jpg")
        #expect(try [UInt8](Data(contentsOf: url)) == jpeg)

        let png = TestImages.png(width: 2, height: 3)
        #expect(try cache.store(EmbeddedPicture(data: png)).lastPathComponent == FNV1a.hexDigest(png) + ".png")
    }

    /// The same picture twice gives the same file, and no temporary file is left behind;
    /// another picture gets another file.
    @Test func identicalPicturesShareAFile() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-artwork")
        defer { directory.remove() }
        let cache = ArtworkCache(directory: directory.path)
        let picture = EmbeddedPicture(data: TestImages.jpeg(width: 5, height: 4))
        let first = try cache.store(picture)
        #expect(try cache.store(picture) == first)
        #expect(try ArtworkCache(directory: directory.path).store(picture) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [first.lastPathComponent])
        let other = try cache.store(EmbeddedPicture(data: TestImages.jpeg(width: 6, height: 4)))
        #expect(other != first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
    }

    /// A truncated file of the right name (an interrupted foreign write) is replaced.
    @Test func replacesAFileOfTheWrongSize() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-artwork")
        defer { directory.remove() }
        let cache = ArtworkCache(directory: directory.path)
        let png = TestImages.png(width: 2, height: 3)
        try Data(png.prefix(10)).write(to: URL(fileURLWithPath: directory.appending(FNV1a.hexDigest(png) + ".png")))
        #expect(try [UInt8](Data(contentsOf: try cache.store(EmbeddedPicture(data: png)))) == png)
    }

    /// Bytes that are no JPEG, PNG, GIF or WebP are refused, and nothing is written.
    @Test func refusesUnknownFormats() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-artwork")
        defer { directory.remove() }
        let cache = ArtworkCache(directory: directory.appending("art"))
        #expect(throws: ArtworkCacheError.unsupportedFormat(mimeType: "image/tiff")) {
            try cache.store(EmbeddedPicture(data: [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], declaredMimeType: "image/tiff"))
        }
        #expect(!FileManager.default.fileExists(atPath: cache.directory))
    }

    /// A directory that cannot be created is a write failure naming it.
    @Test func reportsAnUnwritableDirectory() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-artwork")
        defer { directory.remove() }
        let blocker = directory.appending("file")
        try Data().write(to: URL(fileURLWithPath: blocker))
        let cache = ArtworkCache(directory: blocker + "/artwork")
        #expect {
            try cache.store(EmbeddedPicture(data: TestImages.png(width: 1, height: 1)))
        } throws: { error in
            guard case .writeFailed(let path, _) = error as? ArtworkCacheError else { return false }
            return path == cache.directory
        }
    }

    /// End to end: the cover `lame` embedded, read back and cached, is byte for byte the file.
    @Test func cachedCoverEqualsTheEmbeddedPicture() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let jpeg = TestImages.jpeg(width: 5, height: 4)
        let path = try fixtures.mp3("art.mp3", ["--tt", "T", "--ti", try fixtures.write("cover.jpg", jpeg)])
        let picture = try #require(try MPG123TagReader().tags(at: path).picture)
        let url = try ArtworkCache(directory: fixtures.directory.appending("artwork")).store(picture)
        #expect(try [UInt8](Data(contentsOf: url)) == jpeg)
        #expect(url.pathExtension == "jpg")
    }
}
