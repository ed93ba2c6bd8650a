import Focus
import Foundation
import RondoTesting

/// Android Automotive's focus rules copied by hand from AOSP, independently of
/// `Config/policies/automotive.toml`, so tests can hold the file and the arbiter to them.
///
/// The matrix is `FocusInteraction.sInteractionMatrix` and the duck lists are
/// `sContextsToDuck` (`CarDuckingUtils.java`, later `CarAudioContext.java`) in AOSP
/// `packages/services/Car/service/src/com/android/car/audio/`, without the INVALID context.
enum AutomotiveReference {
    /// AAOS's contexts MUSIC … ANNOUNCEMENT, in AOSP's order.
    static let roles: [SessionRole] = [
        .music, .navigation, .voiceCommand, .callRing, .call, .alarm, .notification, .systemSound, .emergency,
        .safety, .vehicleStatus, .announcement,
    ]

    /// One letter per cell — R reject, E exclusive, C concurrent — rows holders, columns
    /// requesters, both in ``roles`` order.
    private static let rows = [
        "ECEEEECCECCE",  // MUSIC
        "CCECECCCECCC",  // NAVIGATION
        "CRCEERRRECCR",  // VOICE_COMMAND
        "RCCCCRRCECCR",  // CALL_RING
        "RCRCCCCRCCCR",  // CALL
        "CCEEECCCECCR",  // ALARM
        "CCEEECCCECCC",  // NOTIFICATION
        "CCEEECCCECCC",  // SYSTEM_SOUND
        "RRRRCRRRCCRR",  // EMERGENCY
        "CCCCCCCCCCCC",  // SAFETY
        "CCCCCCCCECCC",  // VEHICLE_STATUS
        "ECEEEECCECCE",  // ANNOUNCEMENT
    ]

    /// What happens when a session of role `requester` asks while one of role `holder` plays.
    static func interaction(holder: SessionRole, requester: SessionRole) -> Interaction {
        let row = Array(rows[roles.firstIndex(of: holder)!])
        switch row[roles.firstIndex(of: requester)!] {
        case "R": return .reject
        case "E": return .exclusive
        default: return .concurrent
        }
    }

    /// AOSP's `sContextsToDuck`: the roles each role ducks.
    static let duckLists: [SessionRole: Set<SessionRole>] = [
        .music: [],
        .navigation: [.music, .callRing, .call, .alarm, .notification, .systemSound, .vehicleStatus, .announcement],
        .voiceCommand: [.callRing],
        .callRing: [],
        .call: [.callRing, .alarm, .notification, .vehicleStatus],
        .alarm: [.music],
        .notification: [.music, .alarm, .announcement],
        .systemSound: [.music, .alarm, .announcement],
        .emergency: [.call],
        .safety: [
            .music, .navigation, .voiceCommand, .callRing, .call, .alarm, .notification, .systemSound,
            .vehicleStatus, .announcement,
        ],
        .vehicleStatus: [.music, .callRing, .announcement],
        .announcement: [],
    ]

    /// Whether a session of role `ducker` ducks one of role `ducked` while both play.
    static func ducks(_ ducker: SessionRole, _ ducked: SessionRole) -> Bool {
        duckLists[ducker]!.contains(ducked)
    }

    /// The packaged policy file's path.
    static let path = BuiltProducts.packageRoot + "/Config/policies/automotive.toml"

    /// The packaged automotive policy; traps if it does not load.
    static let policy: FocusPolicy = {
        do {
            return try FocusPolicy(toml: try String(contentsOfFile: path, encoding: .utf8), file: path)
        } catch {
            fatalError("Config/policies/automotive.toml does not load: \(error)")
        }
    }()
}
