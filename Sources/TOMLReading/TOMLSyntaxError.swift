/// Why a text is not a TOML document, and on which line, as ``TOMLDocument`` reports it.
public struct TOMLSyntaxError: Error, Equatable, Sendable {
    /// The 1-based line at fault, or `nil` when the parser named none.
    public let line: Int?
    /// `not valid TOML: …`.
    public let message: String
}
