/// The catalog's reads, with its errors wrapped as ``BrowseError/store(_:)``.
extension BrowseTree {
    func count(_ list: CatalogList) throws(BrowseError) -> Int {
        do { return try catalog.count(list) } catch { throw .store(error) }
    }

    func entries(_ list: CatalogList, in range: Range<Int>) throws(BrowseError) -> [CatalogEntry] {
        guard !range.isEmpty else { return [] }
        do { return try catalog.entries(list, in: range) } catch { throw .store(error) }
    }

    func entry(forIdentifier identifier: String) throws(BrowseError) -> CatalogEntry? {
        do { return try catalog.entry(forIdentifier: identifier) } catch { throw .store(error) }
    }

    /// Whether there is nothing to browse: no track, no station and no podcast.
    func isLibraryEmpty() throws(BrowseError) -> Bool {
        do {
            guard try catalog.isEmpty() else { return false }
            guard try catalog.count(.stations) == 0 else { return false }
            return try catalog.count(.spokenShows) == 0
        } catch {
            throw .store(error)
        }
    }
}
