import RondoProtocol
import Testing

/// Names from the closed sets SPEC §5 has the daemon check: an unknown one is `badParam`
/// as the params are decoded, with the message the daemon has always given.
struct CheckedWireNameTests {
    private let codec = JSONRPCCodec()

    /// An unknown category, mode, option or role is `badParam` naming the known ones.
    @Test(arguments: [
        (
            JSONValue.object(["name": .string("x"), "category": .string("opera")]),
            "unknown category 'opera'; use one of ambient, soloAmbient, playback, record, playAndRecord"
        ),
        (
            .object(["name": .string("x"), "category": .string("playback"), "mode": .string("karaoke")]),
            "unknown mode 'karaoke'; use one of default, spokenAudio, voicePrompt, voiceChat, videoChat, moviePlayback, measurement"
        ),
        (
            .object(["name": .string("x"), "category": .string("playback"), "options": .array([.string("loud")])]),
            "unknown option 'loud'; use one of mixWithOthers, duckOthers, interruptSpokenAudioAndMixWithOthers"
        ),
        (
            .object(["name": .string("x"), "category": .string("playback"), "role": .string("pilot")]),
            "unknown role 'pilot'; use one of music, navigation, voiceCommand, callRing, call, alarm, notification, "
                + "systemSound, emergency, safety, vehicleStatus, announcement, voicemail"
        ),
    ])
    func unknownNamesAreBadParam(_ params: JSONValue, _ message: String) {
        let error = #expect(throws: RPCError.self) {
            try codec.decodeParams(SessionOpenParams.self, from: params, method: "session.open")
        }
        #expect(error == RPCError(.badParam, message))
    }

    /// A route change a sandbox cannot simulate is `badParam` too.
    @Test func unknownSimulatedRouteChangeIsBadParam() {
        let error = #expect(throws: RPCError.self) {
            try codec.decodeParams(
                SandboxRouteParams.self, from: .object(["sandbox": .string("s"), "reason": .string("override")]),
                method: "sandbox.route")
        }
        #expect(error == RPCError(.badParam, "unknown route change 'override'; use one of oldDeviceUnavailable, newDeviceAvailable"))
    }

    /// A name that is not a string at all does not fit the params: -32602, as before.
    @Test func aNonStringIsInvalidParams() {
        let error = #expect(throws: RPCError.self) {
            try codec.decodeParams(
                SessionOpenParams.self, from: .object(["name": .string("x"), "category": .number(3)]), method: "session.open")
        }
        #expect(error?.code == -32602)
        #expect(error?.message.contains("category") == true)
    }

    /// Known names decode to their cases.
    @Test func knownNamesDecode() throws {
        let params = try codec.decodeParams(
            SessionOpenParams.self,
            from: .object([
                "name": .string("nav"), "category": .string("playback"), "mode": .string("voicePrompt"),
                "options": .array([.string("duckOthers")]), "role": .string("navigation"),
            ]),
            method: "session.open")
        #expect(params == SessionOpenParams(name: "nav", category: .playback, mode: .voicePrompt, options: [.duckOthers], role: .navigation))
    }

    /// A client reading a name from its user gets the same message.
    @Test func namedGivesTheSameMessage() {
        #expect(throws: UnknownWireName(noun: "mode", name: "karaoke", known: SessionModeName.spellings)) {
            try SessionModeName(named: "karaoke")
        }
        #expect(throws: Never.self) { try SessionModeName(named: "default") }
    }
}
