import Benchmark
import RondoProtocol
import RondoRouting

/// The request path of the most frequent request, `nowPlaying.get` (every status poll of a
/// widget, MPRIS bridge or head unit): one request line read and typed, then its reply —
/// a playing track's full dictionary — written as one line; and the same line through the
/// daemon's router, answered from the published snapshot as rondod answers it. Time and
/// allocations per request, so a regression in the codec or the router shows before it
/// lands.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput], scalingFactor: .kilo,
        maxDuration: .seconds(3))

    let codec = JSONRPCCodec()
    let request = Array(#"{"jsonrpc":"2.0","id":41,"method":"nowPlaying.get"}"#.utf8)
    let reply = PlayingTrack.state

    /// Reads the request line and types its params, as the daemon does: the reply's id.
    func readRequest() -> RequestID {
        guard let incoming = try? codec.decodeRequest(request),
            let params = try? codec.decodeParams(Empty.self, from: incoming.params, method: incoming.method),
            let id = incoming.id
        else { fatalError("the request line no longer reads") }
        blackHole(params)
        return id
    }

    Benchmark("nowPlaying.get: read the request, type its params, write the reply") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(codec.encodeLine(Envelope.Response(id: readRequest(), result: reply)))
        }
    }

    let settled = try? codec.encodeResult(PlayingTrack.paused)
    Benchmark("nowPlaying.get, paused: read the request, type its params, write the kept reply") { benchmark in
        guard let settled else { fatalError("the paused state no longer encodes") }
        for _ in benchmark.scaledIterations {
            blackHole(codec.responseLine(id: readRequest(), result: settled))
        }
    }

    Benchmark("nowPlaying.changed: write the event") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(codec.encodeLine(Envelope.Notification(method: Events.NowPlayingChanged.name, params: reply)))
        }
    }

    /// The router rondod serves `nowPlaying.get` with: the published snapshot's bytes, kept
    /// while it stands still, its template's moving numbers filled while it plays.
    func routed(_ state: NowPlayingState) -> Router {
        let published = PublishedNowPlaying()
        published.store(NowPlayingSnapshot(state: state, entryID: 1))
        var router = Router()
        router.registerImmediateEncoded(Methods.NowPlayingGet.self) { _, _ throws(RPCError) in
            try published.encoded(at: 1_764_000_003.5) { nil }
        }
        return router
    }
    let context = ConnectionContext(id: 1, isGone: { false })

    for (name, state) in [("paused", PlayingTrack.paused), ("playing", PlayingTrack.state)] {
        let router = routed(state)
        Benchmark("nowPlaying.get, \(name), through the router: read, route, answer from the snapshot") { benchmark in
            for _ in benchmark.scaledIterations {
                guard case .answered(let reply?) = router.route(line: request, context: context) else {
                    fatalError("nowPlaying.get is no longer answered where it is read")
                }
                blackHole(reply)
            }
        }
    }

    let seek = Array(#"{"jsonrpc":"2.0","id":7,"method":"remote.send","params":{"command":"changePlaybackPosition","positionTime":93.25}}"#.utf8)
    Benchmark("remote.send: read and type a seek") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let incoming = try? codec.decodeRequest(seek),
                let params = try? codec.decodeParams(RemoteSendParams.self, from: incoming.params, method: incoming.method)
            else { fatalError("the request line no longer reads") }
            blackHole(params)
        }
    }
}

/// A library track playing half-way, with every field a tagged album track has.
enum PlayingTrack {
    /// The same track paused: the answer a daemon keeps encoded until the next change.
    static var paused: NowPlayingState {
        var paused = state
        paused.playbackState = .paused
        paused.info.playbackRate = 0
        return paused
    }

    static var state: NowPlayingState {
        var info = NowPlayingInfoPayload()
        info.title = "Rondo alla turca"
        info.artist = "Wolfgang Amadeus Mozart"
        info.albumTitle = "Piano Sonatas, Vol. 3"
        info.albumArtist = "Mitsuko Uchida"
        info.genre = "Classical"
        info.composer = "Wolfgang Amadeus Mozart"
        info.albumTrackNumber = 11
        info.discNumber = 1
        info.playbackDuration = 212.4
        info.elapsedPlaybackTime = 106.2
        info.playbackRate = 1
        info.defaultPlaybackRate = 1
        info.playbackQueueIndex = 10
        info.playbackQueueCount = 24
        info.mediaType = .audio
        info.isLiveStream = false
        info.assetURL = "file:///home/listener/Music/Mitsuko%20Uchida/Piano%20Sonatas%2C%20Vol.%203/11%20Rondo%20alla%20turca.mp3"
        info.externalContentIdentifier = "t:5f3a9c2e81d04b7a"
        info.playbackProgress = 0.5
        info.artwork = ArtworkPayload(mimeType: "image/jpeg", width: 600, height: 600, url: "file:///home/listener/.cache/rondo/artwork/5f3a9c2e.jpg")
        info.timestamp = 1_764_000_000.125
        return NowPlayingState(
            info: info, playbackState: .playing,
            nowPlayingIdentifiers: ["t:5f3a9c2e81d04b7a", "al:9d1c0e4f", "ar:2b7e11aa"], volume: 0.8)
    }
}
