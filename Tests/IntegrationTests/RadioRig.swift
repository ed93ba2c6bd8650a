import Foundation
import RondoTesting

/// A live station for the stream tests: a private Icecast server, a ``ToneStation`` on it
/// and a ``FaultProxy`` in front, so a test can drop or stall the listener's connection.
/// The daemon is given ``url(_:)``, the station through the proxy.
final class RadioRig {
    /// The station's name, which the daemon shows as `albumTitle`.
    static let stationName = "Rondo Test FM"

    let icecast: IcecastServer
    let station: ToneStation
    let proxy: FaultProxy

    /// Starts the server, the station playing `song` at `frequency`, and the proxy; the
    /// server sends a new listener `burstSize` bytes at once.
    init(song: String, frequency: Double = 440, formats: [ToneStation.Format] = [.mp3], burstSize: Int = 65_535) throws {
        icecast = try IcecastServer(burstSize: burstSize)
        station = try ToneStation(on: icecast, name: Self.stationName, song: song, frequency: frequency, formats: formats)
        proxy = try FaultProxy(targetPort: icecast.port)
    }

    deinit {
        proxy.stop()
        station.stop()
        icecast.stop()
    }

    /// The station's `format` mount, through the proxy.
    func url(_ format: ToneStation.Format = .mp3) -> String { proxy.url(format.mount) }
}
