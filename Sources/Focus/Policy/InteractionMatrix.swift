/// An Android-Automotive-style interaction matrix: how a session asking for the audio gets
/// on with each session already holding it, decided by their roles.
///
/// The arbiter consults it in place of AVAudioSession's categories and options when the
/// policy's kind is ``PolicyKind/interactionMatrix``:
///
/// - A session becomes active only if no active session's role rejects its role
///   (``interaction(holder:requester:)`` is ``Interaction/reject`` → `insufficientPriority`).
///   Otherwise each active session whose cell is ``Interaction/exclusive`` is interrupted,
///   and those whose cell is ``Interaction/concurrent`` play on. Already interrupted
///   sessions whose cell is `exclusive` count the newcomer as one more cause.
/// - An active session is ducked while another active session's role lists its role in
///   ``ducks(_:_:)``, whichever of the two activated first.
/// - An interruption caused by a role in ``permanentInterrupters`` is permanent: when it
///   ends it carries `shouldResume: false`. Every other interruption is transient and ends
///   with `shouldResume: true` once its last cause deactivates with notify-others.
///
/// A session arbitrates as the role it declared when the matrix lists that role, else as
/// the role of the first ``roleRules`` entry it matches, else as ``fallbackRole``.
///
/// The values are taken as given here; loading a policy file is where they are checked.
public struct InteractionMatrix: Sendable, Equatable {
    /// The roles the matrix is about, in the file's order.
    public var roles: [SessionRole]
    /// For each holder's role, for each requester's role, the interaction.
    public var cells: [SessionRole: [SessionRole: Interaction]]
    /// For each role, the roles it ducks while both are active; a role left out ducks none.
    public var duckLists: [SessionRole: Set<SessionRole>]
    /// The roles whose interruptions end without asking for a resume.
    public var permanentInterrupters: Set<SessionRole>
    /// How sessions without a role of the matrix get one, first match first.
    public var roleRules: [RoleRule]
    /// The role of a session no role rule matches.
    public var fallbackRole: SessionRole

    /// A matrix from its parts.
    /// - Parameters:
    ///   - roles: the roles the matrix is about.
    ///   - cells: for each holder's role, for each requester's role, the interaction; a
    ///     missing cell counts as ``Interaction/exclusive``, Android's usual interaction.
    ///   - duckLists: for each role, the roles it ducks.
    ///   - permanentInterrupters: the roles whose interruptions are permanent.
    ///   - roleRules: how sessions without a role of the matrix get one.
    ///   - fallbackRole: the role of a session no role rule matches.
    public init(
        roles: [SessionRole], cells: [SessionRole: [SessionRole: Interaction]],
        duckLists: [SessionRole: Set<SessionRole>] = [:], permanentInterrupters: Set<SessionRole> = [],
        roleRules: [RoleRule] = [], fallbackRole: SessionRole
    ) {
        self.roles = roles
        self.cells = cells
        self.duckLists = duckLists
        self.permanentInterrupters = permanentInterrupters
        self.roleRules = roleRules
        self.fallbackRole = fallbackRole
    }

    /// What happens when a session of role `requester` asks for the audio while one of role
    /// `holder` has it.
    /// - Parameters:
    ///   - holder: the role of the session holding the audio.
    ///   - requester: the role of the session asking for it.
    /// - Returns: the cell, or ``Interaction/exclusive`` when the matrix has none.
    public func interaction(holder: SessionRole, requester: SessionRole) -> Interaction {
        cells[holder]?[requester] ?? .exclusive
    }

    /// Whether an active session of role `ducker` lowers an active one of role `ducked`.
    /// - Parameters:
    ///   - ducker: the role whose duck list is read.
    ///   - ducked: the role looked for in it.
    /// - Returns: `true` when `ducker`'s duck list holds `ducked`.
    public func ducks(_ ducker: SessionRole, _ ducked: SessionRole) -> Bool {
        duckLists[ducker]?.contains(ducked) ?? false
    }

    /// The role a session configured as `configuration` arbitrates as.
    /// - Parameter configuration: the session's configuration.
    /// - Returns: its declared role when the matrix lists it, else the role of the first
    ///   role rule it matches, else ``fallbackRole``.
    public func role(of configuration: SessionConfiguration) -> SessionRole {
        if let role = configuration.role, roles.contains(role) { return role }
        return roleRules.first { $0.when.matches(configuration) }?.role ?? fallbackRole
    }
}
