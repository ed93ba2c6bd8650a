import Glibc

/// Text encoded with the C library's iconv, to make the bytes the tests decode.
enum IconvEncoder {
    /// `text` in `encoding`; the test stops when iconv cannot encode it.
    static func encode(_ text: String, to encoding: String) -> [UInt8] {
        let descriptor = iconv_open(encoding, "UTF-8")
        precondition(descriptor != iconv_t(bitPattern: -1), "iconv cannot encode \(encoding)")
        defer { iconv_close(descriptor) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let written = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var outLeft = outBuffer.count
                precondition(iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1, "the text is not in \(encoding)")
                return outBuffer.count - outLeft
            }
        }
        return Array(output[..<written])
    }
}
