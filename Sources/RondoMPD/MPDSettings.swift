import Foundation
import LineServing

/// How rondod speaks the MPD protocol (`[mpd]` in rondo.toml, SPEC §13): on a Unix socket
/// beside its own, and on TCP when `listen` is set.
public struct MPDSettings: Sendable, Equatable {
    /// A TCP address to listen on.
    public struct Listen: Sendable, Equatable, CustomStringConvertible {
        /// An IPv4 or IPv6 address (`127.0.0.1`, `::1`, `0.0.0.0`) or `localhost`.
        public var host: String
        public var port: Int

        /// Reads `HOST:PORT` (`[::1]:6600` for IPv6); `nil` for anything else.
        public init?(_ text: String) {
            guard let (name, number) = HostAndPort.split(text), (1...65535).contains(number) else { return nil }
            guard name == "localhost" || Self.isNumericAddress(name) else { return nil }
            self.host = name
            self.port = number
        }

        /// Whether only this machine can reach it.
        public var isLoopback: Bool {
            host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }

        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

        private static func isNumericAddress(_ text: String) -> Bool {
            var v4 = in_addr()
            var v6 = in6_addr()
            return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
        }
    }

    /// Whether the MPD protocol is served at all (`enabled`, default true).
    public var enabled = true
    /// Where it listens on TCP (`listen`), `nil` for the Unix socket only.
    public var listen: Listen?
    /// The password a client gives (`password`) before anything but `password`, `ping`,
    /// `close` and `commands`; `nil` for none. Required when `listen` is off loopback.
    public var password: String?

    /// The settings in force, the defaults.
    public init() {}
}
