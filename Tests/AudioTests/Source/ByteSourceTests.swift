import Foundation
import RondoTesting
import Testing

@testable import Audio

/// Bytes in memory, read in pieces no larger than `chunk`, seekable or not: a source like a
/// network stream's, behind the same seam as a file.
private final class MemoryByteSource: ByteSource {
    let name = "memory"
    var onMetadata: (([String: String]) -> Void)?
    private let bytes: [UInt8]
    private let chunk: Int
    let isSeekable: Bool
    private(set) var position: Int64 = 0
    private(set) var atEnd = false

    init(_ bytes: [UInt8], chunk: Int, seekable: Bool) {
        self.bytes = bytes
        self.chunk = chunk
        isSeekable = seekable
    }

    var length: Int64? { isSeekable ? Int64(bytes.count) : nil }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> Int {
        let count = min(buffer.count, chunk, bytes.count - Int(position))
        if count == 0 {
            atEnd = true
            return 0
        }
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[Int(position)..<Int(position) + count])) }
        position += Int64(count)
        return count
    }

    func seek(to offset: Int64) throws(AudioError) {
        guard isSeekable, offset <= Int64(bytes.count) else { throw .decodeFailed(name, reason: "cannot seek") }
        position = offset
        atEnd = false
    }
}

/// The byte-source seam under every decoder: the file source reads, seeks and measures as
/// the file is, and each decoder decodes the same samples from any source.
struct ByteSourceTests {
    /// A file source returns the file's bytes whatever the sizes of the reads, seeks inside
    /// and outside its buffer, tells its position and length, and says when it met the end.
    @Test func fileSourceReadsSeeksAndMeasures() throws {
        let path = Fixtures.path("steps.flac")
        let expected = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let source = try FileByteSource(path: path)
        #expect(source.length == Int64(expected.count))
        #expect(source.isSeekable)
        var read: [UInt8] = []
        var sizes = [1, 7, 4096, 65_536, 100_000, 3].makeIterator()
        while true {
            let size = sizes.next() ?? 5000
            var chunk = [UInt8](repeating: 0, count: size)
            let count = try chunk.withUnsafeMutableBytes { buffer throws(AudioError) in try source.read(into: buffer) }
            if count == 0 { break }
            read += chunk.prefix(count)
            #expect(source.position == Int64(read.count))
        }
        #expect(read == expected)
        #expect(source.atEnd)
        for offset in [Int64(10), 70_000, 5, Int64(expected.count - 2)] {
            try source.seek(to: offset)
            var two = [UInt8](repeating: 0, count: 2)
            _ = try two.withUnsafeMutableBytes { buffer throws(AudioError) in try source.readFully(into: buffer) }
            #expect(two == Array(expected[Int(offset)..<Int(offset) + 2]), "at \(offset)")
        }
        #expect(source.seek(by: -4, whence: 2) == Int64(expected.count - 4))
        #expect(source.seek(by: 2, whence: 1) == Int64(expected.count - 2))
        #expect(source.seek(by: -1, whence: 0) == nil)
    }

    /// A path that is missing or not a regular file is refused when the source opens.
    @Test func fileSourceRefusesWhatIsNoFile() {
        #expect(throws: AudioError.self) { try FileByteSource(path: "/nonexistent/a.mp3") }
        #expect(throws: AudioError.self) { try FileByteSource(path: "/dev/zero") }
    }

    /// Every format decodes to the same samples from bytes in memory, read in odd pieces, as
    /// from its file, seekable or (for the streamable formats) not, so a network source
    /// behind the seam plays every format a file does.
    @Test(arguments: [
        ("tone440.mp3", AudioFileKind.mpeg, true), ("tone440.mp3", .mpeg, false), ("tone440.flac", .flac, true),
        ("tone440.flac", .flac, false), ("tone440.ogg", .vorbis, true), ("tone440.ogg", .vorbis, false),
        ("tone440.opus", .opus, true), ("tone440.opus", .opus, false), ("prompt-short.wav", .wav, true),
    ])
    func decodersReadAnySource(fixture: String, kind: AudioFileKind, seekable: Bool) throws {
        let path = Fixtures.path(fixture)
        let fromFile = try AudioDecoders.open(path).readAll()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let decoder = try AudioDecoders.open(MemoryByteSource(bytes, chunk: 1_000, seekable: seekable), as: kind)
        let fromMemory = try decoder.readAll()
        #expect(fromMemory.count == fromFile.count)
        #expect(fromMemory == fromFile)
    }
}
