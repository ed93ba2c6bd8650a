import RondoTesting
import Testing

@testable import LineServing

/// A frame as the tests compare it: the line's bytes, or the oversized marker.
private enum Decoded: Equatable, CustomStringConvertible {
    case line([UInt8])
    case oversized

    static func text(_ text: String) -> Decoded { .line(Array(text.utf8)) }

    init(_ frame: Frame) {
        switch frame {
        case .line(let bytes): self = .line(bytes)
        case .oversized: self = .oversized
        }
    }

    var description: String {
        switch self {
        case .line(let bytes): "line(\(bytes.count) bytes: \(String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription))"
        case .oversized: "oversized"
        }
    }
}

/// Feeds a ``LineSplitter`` one read at a time, as a connection does.
private final class DecoderRig {
    private var splitter: LineSplitter

    init(maximumLength: Int = LineSplitterTests.ndjsonCap) {
        splitter = LineSplitter(maximumLength: maximumLength)
    }

    /// Delivers `chunks` one read at a time and returns the frames they completed.
    func feed(_ chunks: [[UInt8]]) -> [Decoded] {
        var frames: [Frame] = []
        for chunk in chunks { chunk.withUnsafeBytes { splitter.append($0, to: &frames) } }
        return frames.map(Decoded.init)
    }

    func feed(_ text: String) -> [Decoded] { feed([Array(text.utf8)]) }

    /// Closes the input, as a client hanging up, and returns the frames that released.
    func finish() -> [Decoded] {
        splitter.finish().map { [Decoded($0)] } ?? []
    }
}

/// The NDJSON framing of SPEC §2: `\n`-terminated lines, capped at 1 MiB, that survive
/// any split of the byte stream and any oversized line.
struct LineSplitterTests {
    /// The cap the daemon's socket frames NDJSON with (SPEC §2: 1 MiB).
    static let ndjsonCap = 1 << 20
    private static let cap = ndjsonCap

    /// Each `\n` ends one line, delivered without its terminator and in order.
    @Test func splitsLinesAtNewlines() throws {
        let rig = DecoderRig()
        #expect(rig.feed("{\"a\":1}\n{\"b\":2}\nthird\n") == [.text("{\"a\":1}"), .text("{\"b\":2}"), .text("third")])
        #expect(rig.finish() == [])
    }

    /// A line arriving a byte at a time is delivered once, when its `\n` comes.
    @Test func assemblesLineFromSingleBytes() throws {
        let rig = DecoderRig()
        let bytes = Array("{\"jsonrpc\":\"2.0\",\"id\":1}\n".utf8)
        for byte in bytes.dropLast() { #expect(rig.feed([[byte]]) == []) }
        #expect(rig.feed([[bytes.last!]]) == [.text("{\"jsonrpc\":\"2.0\",\"id\":1}")])
    }

    /// A CR before the LF is part of the terminator and is dropped; a CR elsewhere stays.
    @Test func stripsCarriageReturnBeforeNewline() throws {
        let rig = DecoderRig()
        #expect(rig.feed("crlf\r\n\r\nmid\rdle\n\r\r\n") == [.text("crlf"), .text(""), .text("mid\rdle"), .text("\r")])
    }

    /// A CRLF split between two reads is still one terminator.
    @Test func stripsCarriageReturnSplitFromNewline() throws {
        let rig = DecoderRig()
        #expect(rig.feed([Array("line\r".utf8)]) == [])
        #expect(rig.feed([Array("\n".utf8)]) == [.text("line")])
    }

    /// Empty lines are delivered as empty frames, in their place.
    @Test func deliversEmptyLines() throws {
        let rig = DecoderRig()
        #expect(rig.feed("\n\na\n\n") == [.text(""), .text(""), .text("a"), .text("")])
    }

    /// A last line without `\n` is delivered when the client closes; nothing comes after.
    @Test func deliversUnterminatedLastLineAtClose() throws {
        let rig = DecoderRig()
        #expect(rig.feed("one\ntwo") == [.text("one")])
        #expect(rig.finish() == [.text("two")])
    }

    /// A line of exactly the cap is delivered whole.
    @Test func deliversLineExactlyAtTheCap() throws {
        let rig = DecoderRig()
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: Self.cap)
        #expect(rig.feed([line + [UInt8(ascii: "\n")]]) == [.line(line)])
    }

    /// A line one byte over the cap is refused as oversized, and the next line decodes.
    @Test func refusesLineOneByteOverTheCap() throws {
        let rig = DecoderRig()
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: Self.cap + 1)
        #expect(rig.feed([line + Array("\n{\"next\":true}\n".utf8)]) == [.oversized, .text("{\"next\":true}")])
    }

    /// A line at the cap still decodes when it arrives in small reads.
    @Test func deliversCapSizedLineFromSmallReads() throws {
        let rig = DecoderRig()
        let line = [UInt8](repeating: UInt8(ascii: "y"), count: Self.cap)
        let chunks = stride(from: 0, to: line.count, by: 4_093).map { Array(line[$0..<min($0 + 4_093, line.count)]) }
        #expect(rig.feed(chunks) == [])
        #expect(rig.feed([[UInt8(ascii: "\n")]]) == [.line(line)])
    }

    /// An oversized line is reported once, as soon as it passes the cap, however many reads
    /// it spans; the rest of it is skipped and the lines after it decode.
    @Test func recoversAfterOversizedLineInManyReads() throws {
        let rig = DecoderRig()
        let chunk = [UInt8](repeating: UInt8(ascii: "["), count: 256 * 1024)
        #expect(rig.feed([chunk, chunk, chunk, chunk]) == [])
        #expect(rig.feed([[UInt8(ascii: "[")]]) == [.oversized])
        #expect(rig.feed([chunk, chunk, chunk]) == [])
        #expect(rig.feed([Array("tail\nok\n".utf8)]) == [.text("ok")])
        #expect(rig.feed("again\n") == [.text("again")])
    }

    /// A client that closes in the middle of an oversized line gets no extra frame for it.
    @Test func dropsOversizedTailAtClose() throws {
        let rig = DecoderRig(maximumLength: 8)
        #expect(rig.feed("123456789") == [.oversized])
        #expect(rig.finish() == [])
    }

    /// The cap is the decoder's parameter: small caps behave like the real one.
    @Test(arguments: [0, 1, 5])
    func appliesTheConfiguredCap(_ cap: Int) throws {
        let rig = DecoderRig(maximumLength: cap)
        let fits = String(repeating: "a", count: cap)
        let over = String(repeating: "b", count: cap + 1)
        #expect(rig.feed("\(fits)\n\(over)\n\(fits)\n") == [.text(fits), .oversized, .text(fits)])
    }

    /// Whatever the read boundaries, the frames are the ones the whole stream holds
    /// (seeded random streams and split points, small caps so oversized lines are common).
    @Test func decodesTheSameFramesAtAnySplit() throws {
        var rng = SplitMix64(seed: 0x4C49_4E45_5321)
        var framesSeen = 0
        var oversizedSeen = 0
        for round in 0..<2_000 {
            let cap = Int.random(in: 0...40, using: &rng)
            var stream: [UInt8] = []
            var expected: [Decoded] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let length = [0, cap, cap + 1, Int.random(in: 0...(cap * 2 + 2), using: &rng)].randomElement(using: &rng)!
                let content = (0..<length).map { _ in Self.randomLineByte(using: &rng) }
                let terminator = Bool.random(using: &rng) ? [UInt8(ascii: "\r"), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]
                stream += content + terminator
                let beforeNewline = content + terminator.dropLast()
                if beforeNewline.count > cap {
                    expected.append(.oversized)
                } else {
                    expected.append(.line(beforeNewline.last == UInt8(ascii: "\r") ? beforeNewline.dropLast() : beforeNewline))
                }
            }
            let tail = (0..<Int.random(in: 0...(cap + 3), using: &rng)).map { _ in Self.randomLineByte(using: &rng) }
            stream += tail
            if !tail.isEmpty { expected.append(tail.count > cap ? .oversized : .line(tail)) }

            var cuts = Set((0..<Int.random(in: 0...8, using: &rng)).map { _ in Int.random(in: 0...stream.count, using: &rng) })
            if round.isMultiple(of: 10) { cuts = Set(0...stream.count) }
            let bounds = [0] + cuts.sorted() + [stream.count]
            let chunks = zip(bounds, bounds.dropFirst()).map { Array(stream[$0..<$1]) }

            let rig = DecoderRig(maximumLength: cap)
            let frames = rig.feed(chunks) + rig.finish()
            #expect(frames == expected, "round \(round), cap \(cap), chunks \(chunks.map(\.count))")
            if frames != expected { return }
            framesSeen += frames.count
            oversizedSeen += frames.filter { $0 == .oversized }.count
        }
        #expect(framesSeen > 10_000)
        #expect(oversizedSeen > 1_000)
    }

    /// Any byte but `\n`, with `\r` and bytes of invalid UTF-8 common.
    private static func randomLineByte(using rng: inout SplitMix64) -> UInt8 {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: UInt8(ascii: "\r")
        case 1: 0xFF
        case 2: UInt8.random(in: UInt8(ascii: "\n") + 1...255, using: &rng)
        default: UInt8.random(in: 0x20...0x7E, using: &rng)
        }
    }
}
