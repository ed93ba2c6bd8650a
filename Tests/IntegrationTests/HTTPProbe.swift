import Foundation
import Glibc
import RondoTesting

/// One HTTP/1.0 GET on 127.0.0.1, read by hand: the listener of the harness's own tests,
/// which sees exactly the bytes, the end and the faults a player would.
final class HTTPProbe {
    /// How the connection stood when a read stopped.
    enum State: Equatable {
        /// Still open: nothing more came within the time given.
        case open
        /// The server closed it (end of file).
        case closed
        /// It was reset (`ECONNRESET`).
        case reset
    }

    private let descriptor: Int32
    /// Everything received so far, headers included.
    private(set) var received: [UInt8] = []

    /// Connects to 127.0.0.1:`port` and sends `GET path` with `headers`.
    /// - Throws: ``LoopbackSocket/Failure``.
    init(port: Int, path: String, headers: [String] = []) throws {
        descriptor = try LoopbackSocket.connect(port: port)
        let request = (["GET \(path) HTTP/1.0", "Host: 127.0.0.1:\(port)"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        _ = request.utf8CString.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) }
    }

    deinit { close(descriptor) }

    /// Reads whatever arrives for `seconds`, or until the connection ends.
    /// - Returns: how the connection stands.
    @discardableResult
    func read(for seconds: Double) -> State {
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .open }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) == 1 else { continue }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count > 0 {
                received += chunk[..<count]
            } else if count == 0 {
                return .closed
            } else if errno == ECONNRESET {
                return .reset
            } else if errno != EINTR {
                return .closed
            }
        }
    }

    /// The status line and headers, as text.
    var head: String {
        String(decoding: received[..<(bodyStart ?? received.endIndex)], as: UTF8.self)
    }

    /// The bytes after the headers.
    var body: [UInt8] { bodyStart.map { Array(received[$0...]) } ?? [] }

    /// Where the body starts: after the first blank line.
    private var bodyStart: Int? {
        let blank: [UInt8] = Array("\r\n\r\n".utf8)
        guard received.count >= blank.count else { return nil }
        return (0...(received.count - blank.count)).first { received[$0..<$0 + blank.count].elementsEqual(blank) }.map { $0 + blank.count }
    }

    /// The `StreamTitle`s of the ICY metadata blocks in `body`, one every `interval` bytes
    /// of audio, in order.
    static func streamTitles(in body: [UInt8], interval: Int) -> [String] {
        var titles: [String] = []
        var position = interval
        while position < body.count {
            let length = Int(body[position]) * 16
            let block = body[(position + 1)..<min(body.count, position + 1 + length)]
            let text = String(decoding: block.prefix { $0 != 0 }, as: UTF8.self)
            if let start = text.range(of: "StreamTitle='"), let end = text.range(of: "';", range: start.upperBound..<text.endIndex) {
                titles.append(String(text[start.upperBound..<end.lowerBound]))
            }
            position += 1 + length + interval
        }
        return titles
    }
}
