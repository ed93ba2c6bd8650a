import GRDB
import GRDBSQLite
import Glibc

/// `rondo_rank(search, plan)`, the FTS5 auxiliary function that ranks library search
/// results: FTS5's own bm25 (k1 1.2, b 0.75, column weights title 10, artist 6, album 4,
/// genre 1), with each word's document frequency given by the caller instead of counted.
///
/// bm25 counts the rows that hold each phrase on the first row of every query, by reading
/// the phrase's whole doclist. A search runs one query per kind of result, so it counted
/// each word four times — for a common word in 100,000 tracks, most of a search's time.
/// ``SearchPlan`` counts each word once, and this function takes the counts as `plan`.
///
/// `plan` is text: the rows holding each word, separated by commas, then `;`, then the word
/// each phrase of the MATCH expression belongs to (its index among the counts), separated
/// by commas. A word may be several phrases (a long prefix written out as its terms);
/// their hits add up before bm25's saturation, as they would for one prefix phrase.
/// Phrases the plan does not name count for nothing. The plan is read once per query.
enum SearchRanking {
    /// The function's name in SQL.
    static let functionName = "rondo_rank"

    /// Column weights of title, artist, album and genre (a station's name is its title).
    static let columnWeights: [Double] = [10, 6, 4, 1]

    /// Registers ``functionName`` on `db`'s connection.
    static func register(_ db: Database) throws {
        let api = UnsafeMutablePointer(mutating: FTS5.api(db))
        guard let create = api.pointee.xCreateFunction else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "FTS5 cannot take functions")
        }
        let code = create(api, functionName, nil, rank, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register \(functionName)")
        }
    }

    /// A query's plan, read from its argument on the first row.
    struct Plan {
        /// Rows holding each word.
        let hits: [Double]
        /// The word of each phrase, or -1.
        let wordOfPhrase: [Int]

        /// Reads `text` as written by ``SearchPlan/rankingArgument``; nil when malformed.
        init?(_ text: String) {
            let parts = text.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let hits = parts[0].split(separator: ",").map { Double(String($0)) }
            let words = parts[1].split(separator: ",").map { Int(String($0)) }
            guard !hits.contains(nil), !words.contains(nil) else { return nil }
            self.hits = hits.compactMap { $0 }
            self.wordOfPhrase = words.compactMap { $0 }
        }
    }

    /// What one query's rows share, worked out on its first row: FTS5 reads its totals from
    /// the index on every call, so they are asked for once.
    final class Query {
        let wordOfPhrase: [Int]
        /// bm25's inverse document frequency of each word.
        let inverseFrequency: [Double]
        /// The mean row length in tokens.
        let averageLength: Double

        init(_ plan: Plan, rows: Int64, tokens: Int64) {
            let rowCount = Double(max(rows, 1))
            wordOfPhrase = plan.wordOfPhrase
            inverseFrequency = plan.hits.map { hits in
                let found = min(hits, rowCount)
                let inverse = Glibc.log((rowCount - found + 0.5) / (found + 0.5))
                return inverse > 0 ? inverse : 1e-6
            }
            let average = Double(tokens) / rowCount
            averageLength = average > 0 ? average : 1
        }
    }

    private static let k1 = 1.2
    private static let b = 0.75

    private static let rank: fts5_extension_function = { api, fts, context, count, values in
        guard let api, let values, count == 1 else {
            sqlite3_result_error(context, "\(functionName)(search, plan) takes one plan", -1)
            return
        }
        let functions = api.pointee
        let query: Query
        if let stored = functions.xGetAuxdata(fts, 0) {
            query = Unmanaged<Query>.fromOpaque(stored).takeUnretainedValue()
        } else {
            guard let text = sqlite3_value_text(values[0]), let plan = Plan(String(cString: text)) else {
                sqlite3_result_error(context, "\(functionName): malformed plan", -1)
                return
            }
            var rows: sqlite3_int64 = 0
            var tokens: sqlite3_int64 = 0
            guard functions.xRowCount(fts, &rows) == SQLITE_OK, functions.xColumnTotalSize(fts, -1, &tokens) == SQLITE_OK else {
                sqlite3_result_error(context, "\(functionName): the index cannot be read", -1)
                return
            }
            query = Query(plan, rows: rows, tokens: tokens)
            let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
                if let pointer { Unmanaged<Query>.fromOpaque(pointer).release() }
            }
            _ = functions.xSetAuxdata(fts, Unmanaged.passRetained(query).toOpaque(), release)
        }
        guard let score = score(query, functions, fts) else {
            sqlite3_result_error(context, "\(functionName): the index cannot be read", -1)
            return
        }
        sqlite3_result_double(context, -score)
    }

    /// bm25 of the current row, or nil when FTS5 reports an error.
    private static func score(_ query: Query, _ functions: Fts5ExtensionApi, _ fts: OpaquePointer?) -> Double? {
        var instances: Int32 = 0
        var length: Int32 = 0
        guard functions.xInstCount(fts, &instances) == SQLITE_OK, functions.xColumnSize(fts, -1, &length) == SQLITE_OK else {
            return nil
        }
        let words = query.inverseFrequency.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: words) { frequency -> Double? in
            frequency.initialize(repeating: 0)
            for instance in 0..<instances {
                var phrase: Int32 = 0
                var column: Int32 = 0
                var offset: Int32 = 0
                guard functions.xInst(fts, instance, &phrase, &column, &offset) == SQLITE_OK else { return nil }
                let word = Int(phrase) < query.wordOfPhrase.count ? query.wordOfPhrase[Int(phrase)] : -1
                guard word >= 0, word < words else { continue }
                frequency[word] += Int(column) < columnWeights.count ? columnWeights[Int(column)] : 1
            }
            let lengthFactor = 1 - b + b * Double(length) / query.averageLength
            var score = 0.0
            for word in 0..<words {
                score += query.inverseFrequency[word] * (frequency[word] * (k1 + 1)) / (frequency[word] + k1 * lengthFactor)
            }
            return score
        }
    }
}
