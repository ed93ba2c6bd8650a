import Focus
import Testing

/// A session without a role of the matrix and the role it must arbitrate as.
struct RoleMapping: Sendable, CustomTestStringConvertible {
    let configuration: SessionConfiguration
    let role: SessionRole
    var testDescription: String {
        let declared = configuration.role.map { " role \($0.rawValue)" } ?? ""
        return "\(configuration.category.rawValue) \(configuration.mode.rawValue)\(declared) → \(role.rawValue)"
    }

    /// Every category with every mode it supports, without a role, plus voicemail.
    static let all: [RoleMapping] =
        SessionCategory.allCases.flatMap { category in
            SessionMode.allCases.filter(category.supportedModes.contains).map { mode in
                RoleMapping(configuration: .make(category, mode), role: expected(category, mode))
            }
        } + [
            RoleMapping(configuration: .voicemail, role: .call),
            RoleMapping(configuration: .make(.playback, .default, [.duckOthers], role: .voicemail), role: .call),
            RoleMapping(configuration: .navigation, role: .navigation),
            RoleMapping(configuration: .mixer, role: .music),
        ]

    /// The mapping the automotive policy documents, written out case by case.
    private static func expected(_ category: SessionCategory, _ mode: SessionMode) -> SessionRole {
        switch (category, mode) {
        case (.playAndRecord, .voiceChat), (.playAndRecord, .videoChat): .call
        case (_, .voicePrompt): .navigation
        case (.record, _), (.playAndRecord, _): .voiceCommand
        case (.ambient, _): .systemSound
        default: .music
        }
    }
}

@Suite struct AutomotivePolicyTests {
    /// The packaged automotive.toml is an interaction matrix over AAOS's twelve contexts,
    /// with the default tunables and no priority rules.
    @Test func packagedPolicyShape() {
        let policy = AutomotiveReference.policy
        #expect(policy.name == "automotive")
        #expect(policy.kind == .interactionMatrix)
        #expect(policy.duckLevel == 0.3)
        #expect(policy.rampMilliseconds == 50)
        #expect(policy.promptHoldSeconds == 3)
        #expect(policy.launchWindowSeconds == 2)
        #expect(policy.priorityRules.isEmpty)
        #expect(policy.interactionMatrix?.roles == AutomotiveReference.roles)
        #expect(policy.interactionMatrix?.fallbackRole == .music)
    }

    /// Every one of the 144 cells of automotive.toml is AOSP's FocusInteraction cell.
    @Test(arguments: AutomotiveReference.roles)
    func matrixRowMatchesAOSP(holder: SessionRole) throws {
        let matrix = try #require(AutomotiveReference.policy.interactionMatrix)
        let row = try #require(matrix.cells[holder])
        #expect(Set(row.keys) == Set(AutomotiveReference.roles))
        for requester in AutomotiveReference.roles {
            #expect(
                row[requester] == AutomotiveReference.interaction(holder: holder, requester: requester),
                "\(holder) holding, \(requester) asking")
        }
    }

    /// The duck lists are AOSP's sContextsToDuck, role for role.
    @Test func duckListsMatchAOSP() throws {
        let matrix = try #require(AutomotiveReference.policy.interactionMatrix)
        for ducker in AutomotiveReference.roles {
            #expect(matrix.duckLists[ducker, default: []] == AutomotiveReference.duckLists[ducker], "\(ducker)")
        }
    }

    /// Only music interrupts permanently.
    @Test func onlyMusicIsPermanent() throws {
        #expect(AutomotiveReference.policy.interactionMatrix?.permanentInterrupters == [.music])
    }

    /// A session with a role of the matrix arbitrates as that role, whatever its category.
    @Test(arguments: AutomotiveReference.roles)
    func declaredRoleWins(role: SessionRole) throws {
        let matrix = try #require(AutomotiveReference.policy.interactionMatrix)
        #expect(matrix.role(of: .make(.ambient, role: role)) == role)
        #expect(matrix.role(of: .make(.playAndRecord, .voiceChat, role: role)) == role)
    }

    /// A session without a role of the matrix gets the one its category and mode suggest:
    /// calls → call, voice prompts → navigation, recording → voiceCommand, ambient →
    /// systemSound, the rest → music; voicemail → call.
    @Test(arguments: RoleMapping.all)
    func sessionsWithoutRoleAreMapped(_ mapping: RoleMapping) throws {
        let matrix = try #require(AutomotiveReference.policy.interactionMatrix)
        #expect(matrix.role(of: mapping.configuration) == mapping.role)
    }

    /// Prompt-style rules test the role a session arbitrates as: a call with no declared
    /// role asks for short prompts, recording for none, music for normal ones.
    @Test func promptStyleUsesArbitrationRole() {
        let policy = AutomotiveReference.policy
        #expect(policy.promptStyle(for: []) == .normal)
        #expect(policy.promptStyle(for: [.music, .navigation]) == .normal)
        #expect(policy.promptStyle(for: [.call]) == .short)
        #expect(policy.promptStyle(for: [.voicemail]) == .short)
        #expect(policy.promptStyle(for: [.make(.playback, role: .voiceCommand)]) == .short)
        #expect(policy.promptStyle(for: [.make(.playback, role: .call), .recorder]) == .none)
        #expect(policy.promptStyle(for: [.make(.playAndRecord, .voiceChat, role: .music)]) == .normal)
    }
}
