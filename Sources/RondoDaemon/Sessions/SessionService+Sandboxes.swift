import Focus
import Synchronization

/// Sandboxes: isolated arbiters under a policy of their own, each on a clock that only moves
/// when told, for `rondo scenario run`; each belongs to the connection that opened it.
extension SessionService {
    /// Opens a sandbox under `policy` for the connection `owner`.
    func openSandbox(policy: FocusPolicy, owner: Int) -> String {
        table.withLock { table in
            let name = "sandbox\(table.nextNumber)"
            table.nextNumber += 1
            // A sandbox is no daemon launch: its arbiter started long before its clock's zero,
            // so no activation in it counts as "at launch".
            table.arbiters[.sandbox(name)] = Arbiter(policy: policy, startedAt: -policy.launchWindowSeconds - 1)
            table.sandboxOwners[name] = owner
            table.sandboxTimes[name] = 0
            return name
        }
    }

    /// Moves a sandbox's clock on by `seconds`; what falls due meanwhile (advisories) happens.
    func advanceSandbox(_ name: String, by seconds: Double) {
        table.withLock { $0.sandboxTimes[name, default: 0] += max(0, seconds) }
        decide(.tick, in: .sandbox(name))
    }

    /// The sandboxes the connection `owner` holds open.
    func sandboxes(of owner: Int) -> [String] {
        table.withLock { table in table.sandboxOwners.compactMap { $0.value == owner ? $0.key : nil } }
    }

    /// The connection that opened the sandbox `name`, or `nil` when none is open by that name.
    func ownerOfSandbox(_ name: String) -> Int? { table.withLock { $0.sandboxOwners[name] } }

    /// Closes a sandbox: its sessions are closed first (their streams get their level back).
    func closeSandbox(_ name: String) {
        let arena = SessionArena.sandbox(name)
        let owners = Set(table.withLock { $0.arbiters[arena]?.state.sessions.map(\.owner) ?? [] })
        for owner in owners { decide(.ownerGone(owner), in: arena) }
        table.withLock { table in
            table.arbiters[arena] = nil
            table.sandboxOwners[name] = nil
            table.sandboxTimes[name] = nil
        }
    }
}
