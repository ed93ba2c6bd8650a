import Audio
import Focus
import Foundation
import Glibc
import RondoProtocol
import ThreadJobs

/// `prompt.play`: speaks a voice prompt over whatever plays, the way a navigation app does.
///
/// The prompt plays under a `voicePrompt` session (the caller's, or a default one:
/// playback / voicePrompt / duckOthers + interruptSpokenAudioAndMixWithOthers), activated
/// just before and deactivated with notify-others right after, so music ducks under it and
/// spoken audio pauses and resumes. Its stream has `media.role=navigation`.
final class PromptService: Sendable {
    /// The configuration of the session a prompt plays under when the caller names none.
    static let defaultConfiguration = try! SessionConfiguration(
        category: .playback, mode: .voicePrompt, options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers])

    private let sessions: SessionService
    private let player: PromptPlayer

    /// Creates the service; each prompt opens its own stream on the audio server's connection.
    init(
        sessions: SessionService, audioServer: AudioServer, pulseSink: String?, bytes: @escaping ByteSourceOpener = FileByteSource.opener
    ) {
        self.sessions = sessions
        player = PromptPlayer(server: audioServer, sink: pulseSink, bytes: bytes)
    }

    /// Plays a prompt for the connection `owner` and answers once it has been heard.
    /// - Throws: `notFound` for a missing file, `badParam` for one that is not a regular file,
    ///   `decodeFailed`, `pulseUnavailable`, or the arbiter's refusal of the session.
    /// - Parameters:
    ///   - params: the file, the session and whether to follow the prompt style.
    ///   - owner: the connection asking.
    ///   - ownerIsGone: whether that connection's client has gone; the prompt stops then.
    func play(
        _ params: PromptPlayParams, owner: Int, ownerIsGone: @escaping @Sendable () -> Bool
    ) async throws(RPCError) -> PromptPlayResult {
        // Checked before any session is touched: a named pipe or a device would never end. A
        // stream's URL is tried when it plays.
        if !MediaPaths.isStreamURL(params.file) {
            try Self.checkFile(params.file)
        }
        var played = PromptPlayedName.full
        if params.respectPromptStyle == true {
            switch sessions.state.promptStyle {
            case .none: return PromptPlayResult(played: .none)
            case .short: played = .tone
            case .normal: break
            }
        }
        let session = try promptSession(params.session, owner: owner)
        defer {
            if params.session == nil { try? sessions.close(SessionRef(session: session.rawValue), owner: owner) }
        }
        try sessions.activate(SessionRef(session: session.rawValue), owner: owner)
        let outcome = await sound(played == .tone ? nil : params.file, session: session, until: ownerIsGone)
        _ = try? sessions.deactivate(SessionDeactivateParams(session: session.rawValue, notifyOthers: true), owner: owner)
        if let outcome { throw RPCError(outcome) }
        return PromptPlayResult(played: played)
    }

    /// Checks that `file` is a regular file that can be read.
    /// - Throws: `notFound` when it does not exist, `badParam` when it cannot be read as one.
    private static func checkFile(_ file: String) throws(RPCError) {
        do {
            close(try RegularFile.open(file))
        } catch {
            let code: ErrorCode = FileManager.default.fileExists(atPath: file) ? .badParam : .notFound
            throw RPCError(code, "cannot read the prompt file \(file) (\(error.reason)); give the absolute path of an MP3 or WAV file")
        }
    }

    /// The caller's session, or a new default prompt session owned by the caller.
    private func promptSession(_ named: String?, owner: Int) throws(RPCError) -> SessionID {
        if let named { return SessionID(rawValue: named) }
        let id = sessions.makeSessionID(prefix: "prompt")
        if let refusal = sessions.decide(
            .open(id, name: "prompt", owner: OwnerID(owner), configuration: Self.defaultConfiguration))
        {
            throw SessionMapping.rpcError(refusal)
        }
        return id
    }

    /// Plays `file` (or the chime when `nil`) on a thread of its own, until the end or until
    /// `shouldStop`; returns the failure.
    private func sound(
        _ file: String?, session: SessionID, until shouldStop: @escaping @Sendable () -> Bool
    ) async -> AudioError? {
        let properties = [SessionAudioControl.sessionProperty: session.rawValue]
        let player = player
        return await ThreadFanOut.run(name: "rondo-prompt") { () -> AudioError? in
            do throws(AudioError) {
                if let file {
                    try player.play(file: file, properties: properties, until: shouldStop)
                } else {
                    try player.playChime(properties: properties, until: shouldStop)
                }
                return nil
            } catch {
                return error
            }
        }
    }
}

extension RPCError {
    /// The wire error for a failure of the audio layer.
    init(_ error: AudioError) {
        switch error {
        case .decodeFailed: self.init(.decodeFailed, error.description)
        case .pulseUnavailable: self.init(.pulseUnavailable, error.description)
        case .unreachable: self.init(.unreachable, error.description)
        }
    }
}
