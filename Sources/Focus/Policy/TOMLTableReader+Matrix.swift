import TOMLReading

extension TOMLTableReader {
    /// The interaction matrix this top-level table describes: `roles`, `fallback_role`,
    /// `permanent_interrupters`, a `[matrix.ROLE]` row with a cell for every role of
    /// `roles`, `[duck]` lists and `[[role_rule]]` tables.
    ///
    /// Every role named anywhere must be one of `roles`; every row and every cell must be
    /// there, and each cell must be `reject`, `exclusive` or `concurrent`.
    func interactionMatrix() throws(TOMLFileError) -> InteractionMatrix {
        let roles = try required(try roleList("roles", among: nil), "roles", example: #"["music", "navigation"]"#)
        guard !roles.isEmpty else { throw error("roles must list at least one role", at: "roles") }
        let fallbackRole = try required(
            try role("fallback_role", among: roles), "fallback_role", example: "\"\(roles[0].rawValue)\"")
        let permanentInterrupters = Set(try roleList("permanent_interrupters", among: roles) ?? [])
        guard let rows = try table("matrix") else {
            throw error("missing [matrix] \(place); add a [matrix.ROLE] table for each role in roles")
        }
        let matrix = TOMLTableReader(entries: rows.entries, path: rows.path, place: "in [matrix]", source: source)
        var roleRules: [RoleRule] = []
        for table in try tables("role_rule") ?? [] {
            try table.requireKnown(["when", "role"])
            let role = try table.required(
                try table.role("role", among: roles), "role", example: "\"\(roles[0].rawValue)\"")
            roleRules.append(RoleRule(when: try table.predicate("when"), role: role))
        }
        return InteractionMatrix(
            roles: roles, cells: try matrix.rows(among: roles), duckLists: try duckLists(among: roles),
            permanentInterrupters: permanentInterrupters, roleRules: roleRules, fallbackRole: fallbackRole
        )
    }

    /// The rows of the `[matrix]` table this is: for each holder's role, its cells.
    private func rows(among roles: [SessionRole]) throws(TOMLFileError) -> [SessionRole: [SessionRole: Interaction]] {
        try requireRoleKeys(among: roles)
        var rows: [SessionRole: [SessionRole: Interaction]] = [:]
        for holder in roles {
            let key = holder.rawValue
            guard let value = entries[key] else {
                throw error("missing row \"\(key)\" \(place); add [matrix.\(key)] with a cell for each role in roles")
            }
            guard case .table(let cells) = value else {
                throw mistyped(key, "a table of cells, such as [matrix.\(key)]", value)
            }
            let row = TOMLTableReader(entries: cells, path: path + [key], place: "in [matrix.\(key)]", source: source)
            rows[holder] = try row.cells(among: roles)
        }
        return rows
    }

    /// The cells of the `[matrix.ROLE]` row this is: for each requester's role, the interaction.
    private func cells(among roles: [SessionRole]) throws(TOMLFileError) -> [SessionRole: Interaction] {
        try requireRoleKeys(among: roles)
        let choices = Interaction.allCases.map { "\"\($0.rawValue)\"" }.listed(joinedBy: "or")
        var cells: [SessionRole: Interaction] = [:]
        for requester in roles {
            let key = requester.rawValue
            guard let value = entries[key] else {
                throw error("missing cell \"\(key)\" \(place); add \(key) = \(choices)")
            }
            guard case .string(let text) = value else { throw mistyped(key, choices, value) }
            guard let interaction = Interaction(rawValue: text) else {
                throw error("unknown interaction \"\(text)\" \(place); use \(choices)", at: key)
            }
            cells[requester] = interaction
        }
        return cells
    }

    /// The `[duck]` lists: for each role given, the roles it ducks.
    private func duckLists(among roles: [SessionRole]) throws(TOMLFileError) -> [SessionRole: Set<SessionRole>] {
        guard let duck = try table("duck") else { return [:] }
        let lists = TOMLTableReader(entries: duck.entries, path: duck.path, place: "in [duck]", source: source)
        try lists.requireRoleKeys(among: roles)
        var duckLists: [SessionRole: Set<SessionRole>] = [:]
        for role in roles {
            if let ducked = try lists.roleList(role.rawValue, among: roles) { duckLists[role] = Set(ducked) }
        }
        return duckLists
    }

    /// Fails at the first key, by line, that does not name one of `roles`.
    private func requireRoleKeys(among roles: [SessionRole]) throws(TOMLFileError) {
        let keys = entries.keys.sorted {
            (source.lines.line(of: path + [$0]), $0) < (source.lines.line(of: path + [$1]), $1)
        }
        for key in keys { _ = try listed(key, at: key, among: roles) }
    }

    /// The role named at `key`, which must be one of `roles`, if given.
    private func role(_ key: String, among roles: [SessionRole]) throws(TOMLFileError) -> SessionRole? {
        guard let text = try string(key) else { return nil }
        return try listed(text, at: key, among: roles)
    }

    /// The roles at `key`, given as one name or a list of names, each once and, when `roles`
    /// is given, each one of them; `nil` when the key is not given.
    private func roleList(_ key: String, among roles: [SessionRole]?) throws(TOMLFileError) -> [SessionRole]? {
        let texts: [String]
        switch entries[key] {
        case nil:
            return nil
        case .string(let text):
            texts = [text]
        case .array(let elements):
            var strings: [String] = []
            for element in elements {
                guard case .string(let text) = element else { throw mistyped(key, "a list of roles", element) }
                strings.append(text)
            }
            texts = strings
        case let value?:
            throw mistyped(key, "a list of roles", value)
        }
        var list: [SessionRole] = []
        for text in texts {
            let role: SessionRole
            if let roles { role = try listed(text, at: key, among: roles) } else { role = try known(text, at: key) }
            guard !list.contains(role) else {
                throw error("role \"\(text)\" is given twice in \(key) \(place); give each role once", at: key)
            }
            list.append(role)
        }
        return list
    }

    /// The role named `text`, which must be one of `roles`; errors point at `key`.
    private func listed(_ text: String, at key: String, among roles: [SessionRole]) throws(TOMLFileError) -> SessionRole {
        let names = roles.map(\.rawValue).listed(joinedBy: "or")
        guard let role = SessionRole(rawValue: text) else {
            throw error("unknown role \"\(text)\" \(place); use a role listed in roles: \(names)", at: key)
        }
        guard roles.contains(role) else {
            throw error("role \"\(text)\" \(place) is not listed in roles; add it to roles or use \(names)", at: key)
        }
        return role
    }

    /// The role named `text`; errors point at `key`.
    private func known(_ text: String, at key: String) throws(TOMLFileError) -> SessionRole {
        guard let role = SessionRole(rawValue: text) else {
            let names = SessionRole.allCases.map(\.rawValue).listed(joinedBy: "or")
            throw error("unknown role \"\(text)\" \(place); use \(names)", at: key)
        }
        return role
    }
}
