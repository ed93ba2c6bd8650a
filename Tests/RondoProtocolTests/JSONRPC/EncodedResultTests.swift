import RondoProtocol
import Testing

/// A result encoded once and written into replies gives, for every request id, byte for
/// byte the line the codec writes for the whole response.
struct EncodedResultTests {
    private let codec = JSONRPCCodec()

    private static let states: [NowPlayingState] = {
        var info = NowPlayingInfoPayload()
        info.title = "Rondo \"alla\" turca\\/é🎵\n"
        info.albumTrackNumber = 11
        info.playbackDuration = 212.4
        info.elapsedPlaybackTime = 3.25
        info.playbackRate = 1.5
        info.timestamp = 1_764_000_000.125
        info.artwork = ArtworkPayload(mimeType: "image/png", width: 600, height: nil, url: "file:///a b/c.png")
        return [
            NowPlayingState(info: info, playbackState: .paused, nowPlayingIdentifiers: ["rondo:track:1"], volume: 0.8),
            NowPlayingState(info: NowPlayingInfoPayload(), playbackState: .stopped),
        ]
    }()

    @Test(arguments: [RequestID.number(0), .number(-7), .number(Int.max), .string(""), .string("a\u{0}b\"\n\\é")])
    func theLineIsTheWholeResponsesLine(id: RequestID) throws {
        for state in Self.states {
            let encoded = try codec.encodeResult(state)
            #expect(codec.responseLine(id: id, result: encoded) == codec.encodeLine(Envelope.Response(id: id, result: state)))
        }
    }

    /// A value JSON cannot hold is refused with an internal error, not written.
    @Test func aNonFiniteNumberIsRefused() {
        var info = NowPlayingInfoPayload()
        info.elapsedPlaybackTime = .nan
        #expect(throws: RPCError.self) { try codec.encodeResult(NowPlayingState(info: info, playbackState: .playing)) }
    }
}
