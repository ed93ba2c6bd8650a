/// A table of a TOML document as ``TOMLParser`` fills it in: its entries so far and how it
/// came to be, which decides what may still be added to it (TOML 1.0, "Table").
///
/// Owned by the one parser that made it, for the duration of one parse; a plain tree, freed
/// with the parser.
final class TOMLTableBuilder {
    /// How a table came to be.
    enum Origin {
        /// Named on the way to a deeper header (`a` of `[a.b]`): a header may still define it.
        case implicit
        /// Defined by its own header, or the document's top level.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`): more dotted keys may add to it, no
        /// header may define it.
        case dotted
    }

    /// One entry of a table.
    enum Entry {
        /// A value, inline tables and arrays included: nothing more may be added to it.
        case value(TOMLValue)
        /// A table, open to what its origin allows.
        case table(TOMLTableBuilder)
        /// An array of tables (`[[a]]`); a header adds to its last element.
        case tables([TOMLTableBuilder])
    }

    var origin: Origin
    var entries: [String: Entry] = [:]

    init(origin: Origin) { self.origin = origin }

    /// The table as plain values.
    var plain: [String: TOMLValue] {
        entries.mapValues { entry in
            switch entry {
            case .value(let value): value
            case .table(let table): .table(table.plain)
            case .tables(let tables): .array(tables.map { .table($0.plain) })
            }
        }
    }
}

extension TOMLTableBuilder.Entry {
    /// What the entry is, for messages: `a string`, `a table`, `an array of tables`.
    var kindDescription: String {
        switch self {
        case .value(let value): value.kindDescription
        case .table: "a table"
        case .tables: "an array of tables"
        }
    }
}
