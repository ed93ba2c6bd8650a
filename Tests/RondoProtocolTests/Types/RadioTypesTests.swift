import RondoProtocol
import Testing

/// The `radio.*` wire types (SPEC §10) through the codec, as the daemon writes them and a
/// client reads them, and as a client writes params and the daemon reads them.
struct RadioTypesTests {
    private let codec = JSONRPCCodec()

    /// `radio.list`'s array of stations survives a reply line both ways; `artwork` is left
    /// out when a station has none.
    @Test func stationsRoundTrip() throws {
        let stations = [
            RadioStation(
                identifier: "rondo:station:0123456789abcdef", name: "Jazz \"FM\" é🎵", url: "https://radio.example/a b?x=1",
                artwork: "https://radio.example/logo.png"),
            RadioStation(identifier: "rondo:station:fedcba9876543210", name: "fip", url: "http://icecast.example/fip"),
        ]
        let line = codec.encodeLine(Envelope.Response(id: .number(3), result: stations))
        #expect(try codec.decodeReply([RadioStation].self, from: line).result == stations)
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.split(separator: "\"artwork\"").count == 2, "\(text)")
        #expect(text.contains(#""url":"http://icecast.example/fip""#))
    }

    /// `radio.add`'s result and `radio.remove`'s empty result survive a reply line.
    @Test func resultsRoundTrip() throws {
        let added = RadioAddResult(identifier: "rondo:station:0123456789abcdef")
        let line = codec.encodeLine(Envelope.Response(id: .string("a"), result: added))
        #expect(try codec.decodeReply(Methods.RadioAdd.Result.self, from: line).result == added)
        let removed = codec.encodeLine(Envelope.Response(id: .number(1), result: Empty()))
        #expect(try codec.decodeReply(Methods.RadioRemove.Result.self, from: removed).result == Empty())
    }

    /// `radio.add` reads its URL alone, or with a name and an artwork URL; `radio.remove`
    /// reads an identifier.
    @Test func paramsDecode() throws {
        let bare = try codec.decodeParams(
            Methods.RadioAdd.Params.self, from: .object(["url": .string("http://radio.example/")]), method: "radio.add")
        #expect(bare == RadioAddParams(url: "http://radio.example/"))
        let full = try codec.decodeParams(
            Methods.RadioAdd.Params.self,
            from: .object([
                "url": .string("http://radio.example/"), "name": .string("Jazz"), "artwork": .string("http://radio.example/a.png"),
            ]),
            method: "radio.add")
        #expect(full == RadioAddParams(url: "http://radio.example/", name: "Jazz", artwork: "http://radio.example/a.png"))
        let remove = try codec.decodeParams(
            Methods.RadioRemove.Params.self, from: .object(["identifier": .string("rondo:station:1")]), method: "radio.remove")
        #expect(remove == IdentifierParams(identifier: "rondo:station:1"))
    }

    /// `radio.add` without a URL, or with one that is not a string, is -32602 naming `url`.
    @Test(arguments: [JSONValue.object([:]), .object(["url": .number(1)]), .object(["name": .string("Jazz")])])
    func addWithoutAURLIsInvalidParams(_ params: JSONValue) {
        let error = #expect(throws: RPCError.self) {
            try codec.decodeParams(Methods.RadioAdd.Params.self, from: params, method: "radio.add")
        }
        #expect(error?.code == -32602)
        #expect(error?.message.contains("url") == true)
    }
}
