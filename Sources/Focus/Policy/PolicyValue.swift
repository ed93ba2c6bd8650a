/// A value of a policy document, as plain Swift: what the TOML reader hands the policy loader.
enum PolicyValue: Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([PolicyValue])
    case table([String: PolicyValue])
    /// A date or time, which no policy key takes; the text names the TOML type.
    case other(String)

    /// What kind of value this is, for messages: `a string`, `an array`.
    var kindDescription: String {
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
