import RondoProtocol
import Testing

/// Typed wire names are written as the same JSON strings as before they were typed.
struct WireNameEncodingTests {
    /// A session as `session.list` shows it: every name a JSON string of its SPEC spelling.
    @Test func sessionInfoIsWrittenAsBefore() throws {
        let info = SessionInfo(
            session: "s1", name: "nav", owner: "connection 4", category: .playback, mode: .voicePrompt,
            options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers], role: .navigation, sandbox: nil,
            state: .ducked, gain: 0.3)
        let written = try decodeLine(JSONValue.self, from: JSONRPCCodec().encodeLine(info))
        #expect(
            written
                == .object([
                    "session": .string("s1"), "name": .string("nav"), "owner": .string("connection 4"),
                    "category": .string("playback"), "mode": .string("voicePrompt"),
                    "options": .array([.string("duckOthers"), .string("interruptSpokenAudioAndMixWithOthers")]),
                    "role": .string("navigation"), "state": .string("ducked"), "gain": .number(0.3),
                ]))
    }

    /// Statuses, reasons and event fields are their SPEC spellings.
    @Test func namesAreTheirSpecSpellings() {
        #expect(encodedText(RemoteSendResult(status: .commandFailed, reason: .disabled)).contains(#""status":"commandFailed""#))
        #expect(encodedText(RemoteSendResult(status: .commandFailed, reason: .disabled)).contains(#""reason":"disabled""#))
        #expect(encodedText(SessionInterruption(session: "s1", type: .began, reason: .default)).contains(#""type":"began""#))
        #expect(encodedText(SessionInterruption(session: "s1", type: .began, reason: .default)).contains(#""reason":"default""#))
        #expect(encodedText(PromptPlayResult(played: .none)) == #"{"played":"none"}"#)
        #expect(encodedText(PromptStyleResult(promptStyle: .short)) == #"{"promptStyle":"short"}"#)
        #expect(encodedText(LibraryPlayResult(status: .success)) == #"{"status":"success"}"#)
    }
}
