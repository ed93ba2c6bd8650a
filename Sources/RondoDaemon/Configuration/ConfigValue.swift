/// A value read from a configuration file, in the plain terms the checks need: what TOML
/// type it was and, for scalars, the value.
enum ConfigValue: Equatable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case table
    /// An array, date or time, named by its TOML type; no key of rondo.toml takes one.
    case other(String)

    /// The value as a message quotes it: strings in quotes, numbers and booleans as
    /// written, anything else by its kind.
    var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let number): String(number)
        case .float(let number): String(number)
        case .boolean(let flag): String(flag)
        case .table: "a table"
        case .other(let type): "a TOML \(type)"
        }
    }
}
