import Glibc

/// Converts text in a declared encoding to UTF-8 as its bytes arrive: a multibyte sequence
/// split between two pieces is carried over to the next, and an invalid one becomes U+FFFD.
///
/// Ownership: used by one thread at a time; it owns its iconv descriptor, closed when it goes.
public final class UTF8Transcoder {
    private let descriptor: iconv_t?
    private let strict: Bool
    private var carried: [UInt8] = []
    /// Whether any input so far could not be read in the encoding.
    public private(set) var sawInvalidInput = false

    /// A transcoder from `encoding` to UTF-8.
    /// - Parameters:
    ///   - encoding: the text's encoding.
    ///   - strict: when true, conversion stops at the first invalid sequence (``sawInvalidInput``
    ///     tells); otherwise each invalid byte becomes U+FFFD and conversion goes on.
    public init(from encoding: TextEncoding, strict: Bool = false) {
        let opened = iconv_open("UTF-8", encoding.name)
        descriptor = TextEncoding.isFailedOpen(opened) ? nil : opened
        self.strict = strict
    }

    deinit {
        if let descriptor { iconv_close(descriptor) }
    }

    /// The UTF-8 of `bytes`, less a trailing incomplete sequence, which is kept for the next call.
    public func convert(_ bytes: some Collection<UInt8>) -> [UInt8] {
        carried.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// The UTF-8 of whatever was carried over; an incomplete sequence at the end becomes U+FFFD.
    public func finish() -> [UInt8] {
        drain(final: true)
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    private func drain(final: Bool) -> [UInt8] {
        guard let descriptor else {
            if !carried.isEmpty { sawInvalidInput = true }
            carried.removeAll()
            return []
        }
        var output: [UInt8] = []
        output.reserveCapacity(carried.count + carried.count / 2 + 16)
        var consumed = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while consumed < carried.count, !(strict && sawInvalidInput) {
            var failure: Int32 = 0
            let (read, written) = carried.withUnsafeMutableBufferPointer { input in
                chunk.withUnsafeMutableBufferPointer { out in
                    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(input.baseAddress! + consumed)
                        .assumingMemoryBound(to: CChar.self)
                    var inLeft = input.count - consumed
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(out.baseAddress!)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = out.count
                    if iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) == -1 {
                        failure = errno
                    }
                    return (input.count - consumed - inLeft, out.count - outLeft)
                }
            }
            consumed += read
            output.append(contentsOf: chunk[..<written])
            switch failure {
            case 0, E2BIG: continue
            case EINVAL where !final:
                // An incomplete sequence at the end: the rest of it comes with the next piece.
                carried.removeFirst(consumed)
                return output
            default:
                sawInvalidInput = true
                if strict { break }
                output += Self.replacement
                consumed += 1
                iconv(descriptor, nil, nil, nil, nil)
            }
        }
        carried.removeAll(keepingCapacity: true)
        return output
    }
}
