import RondoTesting
import Testing

@testable import Streams

/// The ICY demuxer, fed a body in pieces of every size.
struct ICYDemuxerTests {
    /// A body built from audio and blocks, fed in random pieces, gives back the audio
    /// exactly and each block whole, in order.
    @Test(arguments: [1, 2, 5, 100, 4_097])
    func splitsAnyPieces(metaint: Int) {
        var generator = SplitMix64(seed: UInt64(metaint))
        let audio = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var body: [UInt8] = []
        var blocks: [[UInt8]] = []
        for start in stride(from: 0, to: audio.count, by: metaint) {
            body += audio[start..<min(audio.count, start + metaint)]
            guard start + metaint < audio.count else { break }
            let length = Int.random(in: 0...3, using: &generator)
            let block = (0..<length * 16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            body.append(UInt8(length))
            body += block
            if length > 0 { blocks.append(block) }
        }
        var demuxer = ICYDemuxer(metaint: metaint)!
        var audioOut: [UInt8] = []
        var blocksOut: [[UInt8]] = []
        var index = 0
        while index < body.count {
            let count = min(body.count - index, Int.random(in: 1...3_000, using: &generator))
            body[index..<index + count].withUnsafeBytes { piece in
                demuxer.feed(piece, audio: { audioOut += $0 }, block: { blocksOut.append($0) })
            }
            index += count
        }
        #expect(audioOut == audio)
        #expect(blocksOut == blocks)
    }

    /// A metaint no stream uses is refused.
    @Test func refusesAbsurdIntervals() {
        #expect(ICYDemuxer(metaint: 0) == nil)
        #expect(ICYDemuxer(metaint: -5) == nil)
        #expect(ICYDemuxer(metaint: 1 << 21) == nil)
    }

    /// A length byte of 255 (corrupt or not) is a block of 4,080 bytes and no more.
    @Test func blocksAreBounded() {
        var demuxer = ICYDemuxer(metaint: 4)!
        let body: [UInt8] = [1, 2, 3, 4, 255] + [UInt8](repeating: 0x41, count: 4_080) + [5, 6, 7, 8]
        var audio: [UInt8] = []
        var blocks: [[UInt8]] = []
        body.withUnsafeBytes { demuxer.feed($0, audio: { audio += $0 }, block: { blocks.append($0) }) }
        #expect(audio == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(blocks.map(\.count) == [ICYDemuxer.maximumBlock])
    }
}
