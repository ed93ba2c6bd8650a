/// A value of a TOML document, as plain Swift: what ``TOMLDocument`` hands its readers.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
    case table([String: TOMLValue])
    /// A date or time; the text names the TOML type (`date`, `time`, `date-time`).
    case other(String)

    /// What kind of value this is, for messages: `a string`, `an array`.
    public var kindDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other(let type): "a \(type)"
        }
    }
}
