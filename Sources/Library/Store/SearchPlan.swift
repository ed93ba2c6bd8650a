import GRDB

/// What one library search asks of the `search` index: the FTS5 expression, and the plan
/// ``SearchRanking`` ranks it by (how many rows hold each word, which word each phrase is).
///
/// Each word of the query is a quoted prefix, all of them required. A word longer than the
/// index's longest prefix index (4 characters) has no prefix doclist of its own: FTS5 would
/// merge the doclists of every term it begins in full on every query. Such a word is
/// written out as its terms instead, read from the index's vocabulary together with how many
/// rows hold each (``SearchVocabulary``, or `temp.search_terms` while that is out of date) —
/// up to ``longestExpansion`` of them: `machine`
/// becomes `("machine" OR "machines")`, which FTS5 reads row by row and stops reading where
/// the query stops. Other words stay prefixes and are counted with one `count(*)`, unless
/// the query is that one word: bm25 multiplies every row's score by the same function of
/// a lone word's count, so it cannot change the order.
struct SearchPlan {
    /// The MATCH expression.
    let expression: String
    /// ``SearchRanking``'s `plan` argument.
    let rankingArgument: String

    /// The longest prefix the `search` index keeps a prefix index for, in characters.
    static let longestIndexedPrefix = 4
    /// The most terms a word is written out as; a word more terms begin with stays a prefix.
    static let longestExpansion = 32

    /// The plan of `words` (each a quoted phrase without its `*`, as built by
    /// ``LibraryStore/matchWords(_:)``), or nil when a word begins no term in the index, so
    /// that nothing can match.
    static func make(_ words: [String], vocabulary: SearchVocabulary, _ db: Database) throws -> SearchPlan? {
        let tokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: ["unicode61", "remove_diacritics", "2"]))
        var parts: [String] = []
        var hits: [Int64] = []
        var wordOfPhrase: [Int] = []
        for (index, word) in words.enumerated() {
            let tokens = try tokenizer.tokenize(query: String(word.dropFirst().dropLast()))
            if tokens.count == 1, tokens[0].token.unicodeScalars.count > longestIndexedPrefix {
                let terms = try vocabulary.terms(beginning: tokens[0].token, limit: longestExpansion + 1, db) ?? indexedTerms(tokens[0].token, db)
                guard !terms.isEmpty else { return nil }
                if terms.count <= longestExpansion {
                    parts.append("(" + terms.map { quoted($0.term) }.joined(separator: " OR ") + ")")
                    hits.append(terms.reduce(0) { $0 + $1.rows })
                    wordOfPhrase += Array(repeating: index, count: terms.count)
                    continue
                }
            }
            let prefix = word + "*"
            parts.append(prefix)
            // One word's count scales every score alike: only a ranking of several needs it.
            hits.append(words.count == 1 ? 0 : try Int64.fetchOne(db.cachedStatement(sql: countSQL), arguments: [prefix]) ?? 0)
            wordOfPhrase.append(index)
        }
        let plan = hits.map(String.init).joined(separator: ",") + ";" + wordOfPhrase.map(String.init).joined(separator: ",")
        return SearchPlan(expression: parts.joined(separator: " AND "), rankingArgument: plan)
    }

    private static let countSQL = "SELECT count(*) FROM search WHERE search MATCH ?"

    /// The terms `prefix` begins, as ``SearchVocabulary/terms(beginning:limit:_:)`` lists
    /// them, read from the index itself.
    private static func indexedTerms(_ prefix: String, _ db: Database) throws -> [(term: String, rows: Int64)] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT term, doc FROM temp.search_terms WHERE term >= ? AND term < ? LIMIT ?"),
            arguments: [prefix, prefix + "\u{10FFFF}", longestExpansion + 1]
        ).map { ($0[0], $0[1]) }
    }

    /// `term` as an FTS5 string: in double quotes, each of its own doubled.
    private static func quoted(_ term: String) -> String {
        "\"" + term.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
