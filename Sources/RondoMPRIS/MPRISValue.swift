/// A value of the D-Bus types MPRIS properties and metadata use.
public enum MPRISValue: Equatable, Sendable {
    case string(String)
    case strings([String])
    case objectPath(String)
    case int32(Int32)
    case int64(Int64)
    case double(Double)
    case boolean(Bool)

    /// The D-Bus type signature of the value.
    public var signature: String {
        switch self {
        case .string: "s"
        case .strings: "as"
        case .objectPath: "o"
        case .int32: "i"
        case .int64: "x"
        case .double: "d"
        case .boolean: "b"
        }
    }
}
