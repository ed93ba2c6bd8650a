/// The entry point of the package's TOML reading: it parses the text of a policy, scenario
/// or configuration file and returns plain values.
public enum TOMLDocument {
    /// The top-level table of `text`, every nested table and array converted.
    /// - Parameter text: the document.
    /// - Returns: the top-level keys and their values.
    /// - Throws: ``TOMLSyntaxError`` at the line of the first syntax error.
    public static func values(of text: String) throws(TOMLSyntaxError) -> [String: TOMLValue] {
        var parser = TOMLParser(text)
        do {
            return try parser.parse()
        } catch {
            throw TOMLSyntaxError(line: error.line, message: "not valid TOML: \(error.message)")
        }
    }
}
