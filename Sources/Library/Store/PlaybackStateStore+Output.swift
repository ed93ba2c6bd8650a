import GRDB

extension PlaybackStateStore {
    /// Makes `output` the saved output settings.
    /// - Throws: ``StoreError/invalidState(_:)`` for a volume outside 0…1 (nothing written),
    ///   or a database failure.
    public func saveOutput(_ output: SavedOutput) throws(StoreError) {
        guard (0...1).contains(output.volume) else { throw .invalidState("volume \(output.volume) is outside 0…1") }
        try database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO output_settings (id, volume, sink) VALUES (1, ?, ?)",
                arguments: [output.volume, output.sink])
        }
    }

    /// The saved output settings, or `nil` when the listener never chose any.
    /// - Throws: a database failure.
    public func loadOutput() throws(StoreError) -> SavedOutput? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT volume, sink FROM output_settings WHERE id = 1").map {
                SavedOutput(volume: $0["volume"], sink: $0["sink"])
            }
        }
    }
}
