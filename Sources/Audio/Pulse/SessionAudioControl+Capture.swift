import CPulse

/// Other programs' source outputs (recording streams: a dictation tool, an assistant
/// listening): reported once when first seen, and once adopted, their recording counts as
/// their session's sound. Nothing is ever set on them: a recording is neither ducked nor
/// muted. Everything here runs with the mainloop lock held.
extension SessionAudioControl {
    /// Records what the server says a source output is now: a new one of another program is
    /// reported; an adopted one that starts or stops recording (uncorks or corks) reports its
    /// session's sound starting or stopping.
    func sourceOutputInfo(_ info: pa_source_output_info) {
        guard info.client != ownClient, pa_proplist_gets(info.proplist, Self.sessionProperty) == nil else { return }
        let corked = info.corked != 0
        guard let known = foreignCaptures[info.index] else {
            foreignCaptures[info.index] = (nil, corked)
            deliver([.foreignStreamAppeared(Self.foreignSourceOutput(info))])
            return
        }
        foreignCaptures[info.index] = (known.session, corked)
        guard let session = known.session, corked != known.corked else { return }
        deliver([corked ? .soundStopped(session: session) : .soundStarted(session: session)])
    }

    /// Adopts source output `index` into `session`: its recording is the session's sound from now.
    func adoptCapture(_ index: UInt32, as session: String) {
        guard let known = foreignCaptures[index], known.session == nil else { return }
        foreignCaptures[index] = (session, known.corked)
        if !known.corked { deliver([.soundStarted(session: session)]) }
    }

    /// Forgets source output `index`, which the server removed: an adopted one's recording stops.
    func captureRemoved(_ index: UInt32) {
        guard let gone = foreignCaptures.removeValue(forKey: index) else { return }
        if let session = gone.session, !gone.corked { deliver([.soundStopped(session: session)]) }
        deliver([.foreignStreamGone(index: index, captures: true)])
    }

    private static func foreignSourceOutput(_ info: pa_source_output_info) -> ForeignAudioStream {
        func property(_ key: String) -> String? {
            pa_proplist_gets(info.proplist, key).map { String(cString: $0) }
        }
        return ForeignAudioStream(
            index: info.index, captures: true, mediaRole: property("media.role"), application: property("application.name"),
            binary: property("application.process.binary"), mediaName: property("media.name"),
            processID: property("application.process.id").flatMap { Int32($0) })
    }
}
