extension TOMLTableReader {
    /// The named value at `key` (a category, mode, role, style, kind), if given.
    public func name<Value: CaseIterable & RawRepresentable>(_ key: String, of noun: String) throws(TOMLFileError) -> Value?
    where Value.RawValue == String {
        guard let text = try string(key) else { return nil }
        return try named(text, key: key, noun: noun)
    }

    /// The named values at `key`, given as one string or a list of strings, if given.
    public func names<Value: CaseIterable & RawRepresentable & Hashable>(_ key: String, of noun: String) throws(TOMLFileError)
        -> Set<Value>?
    where Value.RawValue == String {
        switch entries[key] {
        case nil:
            return nil
        case .string(let text):
            return [try named(text, key: key, noun: noun)]
        case .array(let elements):
            var values: Set<Value> = []
            for element in elements {
                guard case .string(let text) = element else {
                    throw mistyped(key, "a \(noun) or a list of them", element)
                }
                values.insert(try named(text, key: key, noun: noun))
            }
            return values
        case let value?:
            throw mistyped(key, "a \(noun) or a list of them", value)
        }
    }

    private func named<Value: CaseIterable & RawRepresentable>(_ text: String, key: String, noun: String)
        throws(TOMLFileError) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            let known = Value.allCases.map(\.rawValue)
            throw error("unknown \(noun) \"\(text)\"; use \(known.listed(joinedBy: "or"))", at: key)
        }
        return value
    }
}
