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
    final class Plan {
        /// Rows holding each word.
        let hits: [Double]
        /// The word of each phrase, or -1.
        let wordOfPhrase: [Int]

        init(hits: [Double], wordOfPhrase: [Int]) {
            self.hits = hits
            self.wordOfPhrase = wordOfPhrase
        }

        /// Reads `text` as written by ``SearchPlan/rankingArgument``; nil when malformed.
        convenience init?(_ text: String) {
            let parts = text.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let hits = parts[0].split(separator: ",").map { Double(String($0)) }
            let words = parts[1].split(separator: ",").map { Int(String($0)) }
            guard !hits.contains(nil), !words.contains(nil) else { return nil }
            self.init(hits: hits.compactMap { $0 }, wordOfPhrase: words.compactMap { $0 })
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
        let plan: Plan
        if let stored = functions.xGetAuxdata(fts, 0) {
            plan = Unmanaged<Plan>.fromOpaque(stored).takeUnretainedValue()
        } else {
            guard let text = sqlite3_value_text(values[0]), let parsed = Plan(String(cString: text)) else {
                sqlite3_result_error(context, "\(functionName): malformed plan", -1)
                return
            }
            plan = parsed
            let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
                if let pointer { Unmanaged<Plan>.fromOpaque(pointer).release() }
            }
            _ = functions.xSetAuxdata(fts, Unmanaged.passRetained(plan).toOpaque(), release)
        }
        guard let score = score(plan, functions, fts) else {
            sqlite3_result_error(context, "\(functionName): the index cannot be read", -1)
            return
        }
        sqlite3_result_double(context, -score)
    }

    /// bm25 of the current row, or nil when FTS5 reports an error.
    private static func score(_ plan: Plan, _ functions: Fts5ExtensionApi, _ fts: OpaquePointer?) -> Double? {
        var rows: sqlite3_int64 = 0
        var tokens: sqlite3_int64 = 0
        var instances: Int32 = 0
        var length: Int32 = 0
        guard functions.xRowCount(fts, &rows) == SQLITE_OK,
            functions.xColumnTotalSize(fts, -1, &tokens) == SQLITE_OK,
            functions.xInstCount(fts, &instances) == SQLITE_OK,
            functions.xColumnSize(fts, -1, &length) == SQLITE_OK
        else { return nil }
        var frequency = [Double](repeating: 0, count: plan.hits.count)
        for instance in 0..<instances {
            var phrase: Int32 = 0
            var column: Int32 = 0
            var offset: Int32 = 0
            guard functions.xInst(fts, instance, &phrase, &column, &offset) == SQLITE_OK else { return nil }
            let word = Int(phrase) < plan.wordOfPhrase.count ? plan.wordOfPhrase[Int(phrase)] : -1
            guard frequency.indices.contains(word) else { continue }
            frequency[word] += Int(column) < columnWeights.count ? columnWeights[Int(column)] : 1
        }
        let rowCount = Double(max(rows, 1))
        let averageLength = Double(tokens) / rowCount
        let lengthFactor = 1 - b + b * Double(length) / (averageLength > 0 ? averageLength : 1)
        var score = 0.0
        for (word, hits) in plan.hits.enumerated() {
            let found = min(hits, rowCount)
            let inverse = Glibc.log((rowCount - found + 0.5) / (found + 0.5))
            let weight = inverse > 0 ? inverse : 1e-6
            score += weight * (frequency[word] * (k1 + 1)) / (frequency[word] + k1 * lengthFactor)
        }
        return score
    }
}
