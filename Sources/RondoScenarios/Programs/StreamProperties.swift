/// A spawned program's stream properties as the audio libraries read them from the
/// environment: `PULSE_PROP` for PulseAudio clients (libpulse adds them to every stream the
/// program opens) and `PIPEWIRE_PROPS` for native PipeWire clients such as `pw-play`.
enum StreamProperties {
    /// `properties` as `PULSE_PROP` writes them: `key="value"` pairs apart by spaces, each
    /// value quoted with `\` before `"` and `\`, as `pa_proplist_from_string` reads them (an
    /// unparsable value would make libpulse drop the whole variable). Keys in order.
    /// - Parameter properties: the properties; names are letters, digits, `.`, `-` and `_`.
    /// - Returns: the variable's value.
    static func pulse(_ properties: [String: String]) -> String {
        properties.sorted { $0.key < $1.key }.map { "\($0.key)=\"\(escaped($0.value))\"" }.joined(separator: " ")
    }

    /// `properties` as `PIPEWIRE_PROPS` writes them: an SPA-JSON object,
    /// `{ "media.role" = "Navigation" }`, strings escaped as in JSON. Keys in order.
    /// - Parameter properties: the properties.
    /// - Returns: the variable's value.
    static func pipeWire(_ properties: [String: String]) -> String {
        let pairs = properties.sorted { $0.key < $1.key }.map { "\"\(escaped($0.key))\" = \"\(escaped($0.value))\"" }
        return "{ " + pairs.joined(separator: " ") + (pairs.isEmpty ? "}" : " }")
    }

    /// `text` with `\` before each `\` and `"`: both formats' escapes.
    private static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    }
}
