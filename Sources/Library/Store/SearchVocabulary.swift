import Foundation
import GRDB
import Synchronization

/// The `search` index's vocabulary kept in memory: every term in byte order with how many
/// rows hold it, as of one state of the index.
///
/// ``SearchPlan`` writes a long word out as the terms it begins. Read from `fts5vocab`,
/// each term listed costs a walk of every row that holds it (0.7 ms for a word 13,000 rows
/// hold); here the terms are a binary search. The copy belongs to the index's state it was
/// read at, told by the FTS5 structure record (`search_data` row 10), which every commit
/// that changes the index rewrites: a search whose structure record differs does not use
/// it, and asks for a fresh copy (``claimRefresh()``), which ``refresh(_:)`` reads off the request
/// path, in time proportional to the whole index.
///
/// Thread safety: any thread may read and refresh; a refresh replaces the copy whole.
final class SearchVocabulary: Sendable {
    /// The terms as of one structure record: their UTF-8 bytes end to end, where each one
    /// ends, and how many rows hold each.
    private struct Terms: Sendable {
        let structure: [UInt8]
        let bytes: [UInt8]
        let ends: [Int]
        let rows: [Int64]

        func term(_ index: Int) -> ArraySlice<UInt8> {
            bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
        }
    }

    private let terms = Mutex<Terms?>(nil)
    private let wanted = Atomic<Bool>(false)

    /// A vocabulary that holds nothing until the first ``refresh(_:)``.
    init() {}

    /// Whether a search found the copy missing or out of date since the last time this said
    /// so: true to one caller, which should then ``refresh(_:)`` it.
    func claimRefresh() -> Bool { wanted.exchange(false, ordering: .relaxed) }

    /// The terms that begin with `prefix`, in byte order, with how many rows hold each, at
    /// most `limit` of them; `nil` when the copy is not of the index `db` reads, in which
    /// case a refresh is wanted.
    func terms(beginning prefix: String, limit: Int, _ db: Database) throws -> [(term: String, rows: Int64)]? {
        let held = terms.withLock { $0 }
        guard let held, held.structure == (try Self.structure(db)) else {
            wanted.store(true, ordering: .relaxed)
            return nil
        }
        let wantedPrefix = Array(prefix.utf8)
        var low = 0
        var high = held.ends.count
        while low < high {
            let middle = (low + high) / 2
            if held.term(middle).lexicographicallyPrecedes(wantedPrefix) { low = middle + 1 } else { high = middle }
        }
        var found: [(term: String, rows: Int64)] = []
        var index = low
        while index < held.ends.count, found.count < limit, held.term(index).starts(with: wantedPrefix) {
            found.append((String(decoding: held.term(index), as: UTF8.self), held.rows[index]))
            index += 1
        }
        return found
    }

    /// Reads the vocabulary again when the index changed since it was read (or it never
    /// was), in one read of `db`.
    /// - Returns: whether it was read again.
    @discardableResult
    func refresh(_ db: Database) throws -> Bool {
        let structure = try Self.structure(db)
        if terms.withLock({ $0?.structure }) == structure { return false }
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var rows: [Int64] = []
        let cursor = try Row.fetchCursor(db, sql: "SELECT term, doc FROM temp.search_terms")
        while let row = try cursor.next() {
            let term: String = row[0]
            bytes.append(contentsOf: term.utf8)
            ends.append(bytes.count)
            rows.append(row[1])
        }
        let read = Terms(structure: structure, bytes: bytes, ends: ends, rows: rows)
        terms.withLock { $0 = read }
        return true
    }

    /// The index's structure record, which names every segment and a counter of writes.
    private static func structure(_ db: Database) throws -> [UInt8] {
        let record = try Data.fetchOne(db.cachedStatement(sql: "SELECT block FROM search_data WHERE id = 10"))
        return record.map { Array($0) } ?? []
    }
}
