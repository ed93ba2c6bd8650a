import Foundation

extension TestHTTPServer {
    /// A live station the server plays as a script says (`/station/NAME`, the script the
    /// file `NAME`): its status line and header lines byte for byte, an audio file round and
    /// round, and the text of its ICY metadata block. Bytes are bytes, so a station can say
    /// `ICY 200 OK`, send a Latin-1 or CP1251 header, or a title full of control characters.
    public struct Station: Sendable, Equatable {
        /// One header line: its name and its value's bytes.
        public struct Header: Sendable, Equatable {
            /// The header's name (`icy-name`).
            public var name: String
            /// The value's bytes, sent as they are.
            public var value: [UInt8]

            /// A header whose value is `value`'s bytes.
            public init(_ name: String, _ value: [UInt8]) {
                self.name = name
                self.value = value
            }

            /// A header whose value is `value` in UTF-8.
            public init(_ name: String, _ value: String) {
                self.init(name, Array(value.utf8))
            }
        }

        /// The status line, without its line end (`HTTP/1.0 200 OK`, `ICY 200 OK`).
        public var statusLine: [UInt8]
        /// The header lines, in order.
        public var headers: [Header]
        /// The file under the server's root whose audio the station sends without end.
        public var audio: String
        /// The audio bytes between two metadata blocks (`icy-metaint`, sent as a header
        /// too); `nil` for a station without metadata.
        public var metaint: Int?
        /// The metadata block's text (`StreamTitle='…';`), sent in the first block and again
        /// whenever it changed; an empty block otherwise.
        public var metadata: [UInt8]

        /// A station sending `audio` after `statusLine` and `headers`, `metadata` every
        /// `metaint` bytes.
        public init(
            statusLine: String = "HTTP/1.0 200 OK", headers: [Header] = [], audio: String, metaint: Int? = 8_192,
            metadata: [UInt8] = []
        ) {
            self.statusLine = Array(statusLine.utf8)
            self.headers = headers
            self.audio = audio
            self.metaint = metaint
            self.metadata = metadata
        }

        /// `StreamTitle='TITLE';` with the title's bytes as they are.
        public static func streamTitle(_ title: [UInt8]) -> [UInt8] {
            Array("StreamTitle='".utf8) + title + Array("';".utf8)
        }

        /// `StreamTitle='TITLE';` with the title in UTF-8.
        public static func streamTitle(_ title: String) -> [UInt8] { streamTitle(Array(title.utf8)) }

        /// The script the server reads (`Tests/Support/test_http_server.py`, `station`).
        var script: [String: Any] {
            var lines = headers.map { [$0.name, $0.value.map(Int.init)] as [Any] }
            if let metaint { lines.append(["icy-metaint", Array(String(metaint).utf8).map(Int.init)]) }
            var script: [String: Any] = [
                "status": statusLine.map(Int.init), "headers": lines, "audio": audio, "metadata": metadata.map(Int.init),
            ]
            if let metaint { script["metaint"] = metaint }
            return script
        }
    }

    /// Writes `station`'s script as the file `name` (whole, by rename) and returns the URL
    /// at which the server plays it. Writing it again changes what the station says from
    /// its next metadata block, for listeners already there too.
    /// - Throws: when the script cannot be written.
    @discardableResult
    public func write(station: Station, as name: String) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: station.script)
        try data.write(to: URL(fileURLWithPath: root + "/" + name), options: .atomic)
        return url("station/\(name)")
    }
}
