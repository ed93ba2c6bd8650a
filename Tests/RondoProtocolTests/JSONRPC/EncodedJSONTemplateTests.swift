import RondoProtocol
import RondoTesting
import Testing

/// A template writes, for any numbers in its open members, byte for byte what the codec
/// writes for the whole value holding them; it is refused when a member cannot be told apart.
struct EncodedJSONTemplateTests {
    private let codec = JSONRPCCodec()
    private let members = [
        EncodedJSONTemplate.OpenMember(key: "elapsedPlaybackTime", marker: 1.25e300),
        EncodedJSONTemplate.OpenMember(key: "timestamp", marker: 1.375e300),
    ]

    private func state(elapsed: Double, timestamp: Double) -> NowPlayingState {
        var info = NowPlayingInfoPayload()
        info.title = #"timestamp":1.375e+300, "elapsedPlaybackTime" \ é"#
        info.playbackDuration = 212.4
        info.elapsedPlaybackTime = elapsed
        info.playbackRate = 1
        info.timestamp = timestamp
        return NowPlayingState(info: info, playbackState: .playing, nowPlayingIdentifiers: ["timestamp"], volume: 0.8)
    }

    /// Whole, negative, fractional, tiny and huge numbers (a seeded 2,000 pairs) fill the
    /// template exactly as a full encoding writes them.
    @Test func filledBytesAreTheFullEncoding() throws {
        let template = try #require(try codec.encodeTemplate(state(elapsed: 1.25e300, timestamp: 1.375e300), openMembers: members))
        var generator = SplitMix64(seed: 2_000)
        for round in 0..<2_000 {
            let magnitude = [1.0, 1e-9, 1e6, 1e15, 1e20][round % 5]
            let elapsed = Double(Int64(bitPattern: generator.next()) % 1_000_000) / 64 * magnitude
            let timestamp = round.isMultiple(of: 3) ? elapsed.rounded() : 1_764_000_000 + Double(generator.next() % 1_000_000) / 1000
            let filled = try template.filled(with: [elapsed, timestamp])
            #expect(filled == (try codec.encodeResult(state(elapsed: elapsed, timestamp: timestamp))), "\(elapsed), \(timestamp)")
        }
    }

    /// A member whose marker is missing, or written twice, leaves no template: the caller
    /// then encodes in full.
    @Test func anAmbiguousOrMissingMemberGivesNoTemplate() throws {
        #expect(try codec.encodeTemplate(state(elapsed: 3, timestamp: 1.375e300), openMembers: members) == nil)
        var twice = state(elapsed: 1.25e300, timestamp: 1.375e300)
        twice.info.playbackDuration = 1.25e300
        let duration = EncodedJSONTemplate.OpenMember(key: "playbackDuration", marker: 1.25e300)
        #expect(try codec.encodeTemplate(twice, openMembers: members + [duration]) != nil)
        let both = [members[0], EncodedJSONTemplate.OpenMember(key: "elapsedPlaybackTime", marker: 1.25e300)]
        #expect(try codec.encodeTemplate(twice, openMembers: both) == nil)
    }

    /// A number JSON cannot hold is refused with an internal error, not written.
    @Test func aNonFiniteNumberIsRefused() throws {
        let template = try #require(try codec.encodeTemplate(state(elapsed: 1.25e300, timestamp: 1.375e300), openMembers: members))
        #expect(throws: RPCError.self) { try template.filled(with: [.infinity, 0]) }
    }
}
