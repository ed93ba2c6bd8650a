import Synchronization

/// Where the head-unit view listens once bound (`HOST:PORT`), for `daemon.info`; `nil`
/// while it is off or not listening. Any task may read or set it.
final class BoundViewAddress: Sendable {
    private let address = Mutex<String?>(nil)

    /// The address now.
    var current: String? { address.withLock { $0 } }

    /// Records the address (or `nil` once the view stops).
    func set(_ value: String?) { address.withLock { $0 = value } }
}
