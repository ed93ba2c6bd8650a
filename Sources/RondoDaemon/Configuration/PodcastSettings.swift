/// How rondod keeps podcasts (`[podcasts]` in rondo.toml, SPEC §12).
public struct PodcastSettings: Sendable, Equatable {
    /// Seconds between refreshes of a feed (`refresh_every`, "1h"); each wait is jittered by
    /// up to a tenth, so many daemons (or many feeds) do not ask at the same moment.
    public var refreshEvery = 3600.0
    /// Unplayed episodes of each show downloaded ahead (`download_ahead`).
    public var downloadAhead = 2
    /// The most the downloads may take on disk, in MiB (`cache_limit_mb`).
    public var cacheLimitMB = 2048
    /// An episode counts as played when fewer seconds than this remain (`played_at_remaining_s`).
    public var playedAtRemaining = 30.0
    /// How far the command center's skip back goes for spoken word, in seconds (`skip_back_s`).
    public var skipBack = 15.0
    /// How far its skip forward goes for spoken word, in seconds (`skip_forward_s`).
    public var skipForward = 30.0

    /// The refresh intervals the configuration accepts, in seconds: a minute to a week.
    public static let refreshRange = 60.0...604_800.0
    /// The episodes of a show downloaded ahead the configuration accepts.
    public static let downloadAheadRange = 0...50
    /// The cache sizes the configuration accepts, in MiB (0: nothing is downloaded).
    public static let cacheLimitRange = 0...1_048_576

    /// The seconds `text` says: a whole number with a unit (`s`, `m`, `h`, `d`), or several
    /// (`1h30m`); `nil` for anything else.
    public static func interval(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var total = 0.0
        var digits = ""
        for character in text.lowercased() where character != " " {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let number = Double(digits), digits.count <= 9 {
                total += number * unit
                digits = ""
            } else {
                return nil
            }
        }
        return digits.isEmpty && total > 0 ? total : nil
    }

    /// Settings with the defaults.
    public init() {}
}
