import Glibc

/// A file's path as the file system knows it: hashed and compared by its UTF-8 bytes.
///
/// `String` hashes and compares by canonical equivalence: it normalises every non-ASCII path
/// each time, which was most of an unchanged rescan's time in a library of 100,000 files,
/// and it takes two names that differ only in their Unicode normalisation for one, where
/// the file system holds two files.
struct FilePath: Hashable, Sendable {
    /// The path.
    let string: String

    init(_ string: String) {
        var contiguous = string
        contiguous.makeContiguousUTF8()
        self.string = contiguous
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: FilePath, rhs: FilePath) -> Bool {
        lhs.withBytes { left in
            rhs.withBytes { right in
                left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }

    private func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        if let result = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(string.utf8).withUnsafeBytes(body)
    }
}
