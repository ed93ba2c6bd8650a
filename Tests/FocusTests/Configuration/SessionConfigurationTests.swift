import Focus
import Testing

/// One category × mode × option subset to validate.
struct ConfigurationCase: Sendable, CustomTestStringConvertible {
    let category: SessionCategory
    let mode: SessionMode
    let options: Set<SessionOption>

    var testDescription: String {
        let names = SessionOption.allCases.filter(options.contains).map(\.rawValue)
        return "\(category.rawValue)/\(mode.rawValue)/[\(names.joined(separator: ","))]"
    }

    /// Every combination: 5 categories × 7 modes × 8 option subsets.
    static let all: [ConfigurationCase] = SessionCategory.allCases.flatMap { category in
        SessionMode.allCases.flatMap { mode in
            (0..<8).map { bits in
                let options = SessionOption.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element)
                return ConfigurationCase(category: category, mode: mode, options: Set(options))
            }
        }
    }
}

/// The expectations, written from SPEC §5 and Apple's mode documentation independently of
/// the arbiter's own table.
enum ConfigurationExpectation {
    /// Whether a caller may ask for `option` with `category`.
    static func accepts(_ category: SessionCategory, _ option: SessionOption) -> Bool {
        switch category {
        case .playback, .playAndRecord: true
        case .ambient: option == .mixWithOthers
        case .soloAmbient, .record: false
        }
    }

    /// The mode a configuration ends up with.
    static func mode(_ category: SessionCategory, _ mode: SessionMode) -> SessionMode {
        let kept: Bool
        switch mode {
        case .default: kept = true
        case .moviePlayback: kept = category == .playback
        case .voiceChat: kept = category == .playAndRecord
        case .videoChat: kept = category == .playAndRecord || category == .record
        case .measurement: kept = category != .ambient && category != .soloAmbient
        case .spokenAudio, .voicePrompt: kept = category != .record
        }
        return kept ? mode : .default
    }
}

@Suite struct SessionConfigurationTests {
    /// Every category × mode × option subset validates, falls back and completes as SPEC §5 says.
    @Test(arguments: ConfigurationCase.all)
    func validation(_ given: ConfigurationCase) throws {
        let refused = given.options.contains { !ConfigurationExpectation.accepts(given.category, $0) }
        guard !refused else {
            #expect(throws: FocusError.self) {
                try SessionConfiguration(category: given.category, mode: given.mode, options: given.options)
            }
            return
        }
        let configuration = try SessionConfiguration(category: given.category, mode: given.mode, options: given.options)
        let mixable = given.category == .ambient || !given.options.isEmpty
        #expect(configuration.category == given.category)
        #expect(configuration.mode == ConfigurationExpectation.mode(given.category, given.mode))
        #expect(configuration.options == given.options.union(mixable ? [.mixWithOthers] : []))
        #expect(configuration.isMixable == mixable)
        #expect(
            configuration.isCall == (given.category == .playAndRecord && [.voiceChat, .videoChat].contains(given.mode)))
        #expect(configuration.ducksOthers == given.options.contains(.duckOthers))
        #expect(configuration.interruptsSpokenAudio == given.options.contains(.interruptSpokenAudioAndMixWithOthers))
    }

    /// A refused option is reported with the categories that accept it.
    @Test(arguments: [
        (
            SessionCategory.soloAmbient, SessionOption.mixWithOthers,
            "option mixWithOthers cannot be set for category soloAmbient; "
                + "drop it or use category ambient, playback or playAndRecord"
        ),
        (
            .ambient, .duckOthers,
            "option duckOthers cannot be set for category ambient; drop it or use category playback or playAndRecord"
        ),
        (
            .record, .interruptSpokenAudioAndMixWithOthers,
            "option interruptSpokenAudioAndMixWithOthers cannot be set for category record; "
                + "drop it or use category playback or playAndRecord"
        ),
    ])
    func refusalMessage(category: SessionCategory, option: SessionOption, message: String) {
        #expect(throws: FocusError.badParam(message)) {
            try SessionConfiguration(category: category, options: [option])
        }
    }

    /// With several refused options, the first in declaration order is named.
    @Test func firstRefusedOptionIsNamed() {
        #expect {
            try SessionConfiguration(category: .record, options: [.interruptSpokenAudioAndMixWithOthers, .duckOthers])
        } throws: { error in
            (error as? FocusError)?.message.hasPrefix("option duckOthers") == true
        }
    }

    /// The role is kept as given and plays no part in validation.
    @Test(arguments: SessionRole.allCases)
    func roleIsKept(role: SessionRole) throws {
        let configuration = try SessionConfiguration(category: .soloAmbient, role: role)
        #expect(configuration.role == role)
        #expect(configuration == SessionConfiguration.make(.soloAmbient, role: role))
    }

    /// Each category's published modes and options agree with the independent expectations.
    @Test(arguments: SessionCategory.allCases)
    func publishedSupport(category: SessionCategory) {
        let modes = SessionMode.allCases.filter { ConfigurationExpectation.mode(category, $0) == $0 }
        let options = SessionOption.allCases.filter { ConfigurationExpectation.accepts(category, $0) }
        #expect(category.supportedModes == Set(modes))
        #expect(category.settableOptions == Set(options))
    }
}
