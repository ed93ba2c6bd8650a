public import RondoView

/// `[view] listen`: the head-unit view's loopback address, or `off`.
public enum ViewListen: Sendable, Equatable, CustomStringConvertible {
    case off
    case address(ViewAddress)

    /// Reads `"off"` or `HOST:PORT` on a loopback host; `nil` for anything else.
    public init?(_ text: String) {
        if text == "off" {
            self = .off
        } else if let address = ViewAddress.parse(text) {
            self = .address(address)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .off: "off"
        case .address(let address): address.description
        }
    }
}
