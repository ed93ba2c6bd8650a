import CSDBus

/// Writing and reading D-Bus values in an sd-bus message (`sd_bus_message *`), with the
/// non-variadic calls Swift can make.
enum BusMessage {
    /// The sd-bus type code of a one-character signature.
    static func code(_ signature: StaticString) -> CChar {
        CChar(bitPattern: signature.utf8Start.pointee)
    }

    /// Appends `value` (not wrapped in a variant).
    @discardableResult
    static func append(_ value: MPRISValue, to message: OpaquePointer) -> Int32 {
        switch value {
        case .string(let text): return appendString(text, code: code("s"), to: message)
        case .objectPath(let path): return appendString(path, code: code("o"), to: message)
        case .strings(let texts):
            var result = sd_bus_message_open_container(message, code("a"), "s")
            for text in texts where result >= 0 { result = appendString(text, code: code("s"), to: message) }
            return result < 0 ? result : sd_bus_message_close_container(message)
        case .int32(var number): return sd_bus_message_append_basic(message, code("i"), &number)
        case .int64(var number): return sd_bus_message_append_basic(message, code("x"), &number)
        case .double(var number): return sd_bus_message_append_basic(message, code("d"), &number)
        case .boolean(let flag):
            var number: Int32 = flag ? 1 : 0
            return sd_bus_message_append_basic(message, code("b"), &number)
        }
    }

    /// Appends an `a{sv}` dictionary.
    @discardableResult
    static func appendDictionary(_ entries: [(key: String, value: MPRISValue)], to message: OpaquePointer) -> Int32 {
        var result = sd_bus_message_open_container(message, code("a"), "{sv}")
        for entry in entries where result >= 0 {
            result = sd_bus_message_open_container(message, code("e"), "sv")
            if result >= 0 { result = appendString(entry.key, code: code("s"), to: message) }
            if result >= 0 { result = sd_bus_message_open_container(message, code("v"), entry.value.signature) }
            if result >= 0 { result = append(entry.value, to: message) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
        }
        return result < 0 ? result : sd_bus_message_close_container(message)
    }

    private static func appendString(_ text: String, code: CChar, to message: OpaquePointer) -> Int32 {
        text.withCString { sd_bus_message_append_basic(message, code, $0) }
    }

    /// Reads a string or object path (`s`, `o`); `nil` when the next value is not one.
    static func readString(_ message: OpaquePointer, code: CChar) -> String? {
        var pointer: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, code, &pointer) > 0, let pointer else { return nil }
        return String(cString: pointer)
    }

    /// Reads an `x`.
    static func readInt64(_ message: OpaquePointer) -> Int64? {
        var number: Int64 = 0
        return sd_bus_message_read_basic(message, code("x"), &number) > 0 ? number : nil
    }

    /// Reads a `d`.
    static func readDouble(_ message: OpaquePointer) -> Double? {
        var number: Double = 0
        return sd_bus_message_read_basic(message, code("d"), &number) > 0 ? number : nil
    }

    /// Reads a `b`.
    static func readBoolean(_ message: OpaquePointer) -> Bool? {
        var number: Int32 = 0
        return sd_bus_message_read_basic(message, code("b"), &number) > 0 ? number != 0 : nil
    }
}
