/// What `idle` waits for: the parts of the server whose changes MPD announces
/// (`changed: NAME`).
public enum MPDSubsystem: String, CaseIterable, Sendable {
    case database
    case update
    case storedPlaylist = "stored_playlist"
    case playlist
    case player
    case mixer
    case output
    case options
    case partition
    case sticker
    case subscription
    case message
    case neighbor
    case mount

    /// The subsystems `idle`'s arguments name (every one when there are none).
    /// - Throws: ``MPDAck`` `argument` for a name MPD does not know, as MPD words it.
    public static func named(_ names: [String]) throws(MPDAck) -> Set<MPDSubsystem> {
        guard !names.isEmpty else { return Set(allCases) }
        var wanted: Set<MPDSubsystem> = []
        for name in names {
            guard let subsystem = allCases.first(where: { $0.rawValue.caseInsensitiveEquals(name) }) else {
                throw MPDAck(.argument, command: "idle", "Unrecognized idle event: \(name)")
            }
            wanted.insert(subsystem)
        }
        return wanted
    }
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
