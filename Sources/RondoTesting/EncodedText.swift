import Glibc

/// Text written in an encoding by the C library's iconv, to make the bytes of the documents
/// (feeds, subscription lists) the tests read.
public enum EncodedText {
    /// `text` in `encoding` (an iconv name: `ISO-8859-1`, `KOI8-R`, `UTF-16LE`…); the test
    /// stops when iconv cannot write it so.
    public static func bytes(_ text: String, in encoding: String) -> [UInt8] {
        let descriptor = iconv_open(encoding, "UTF-8")
        precondition(descriptor != iconv_t(bitPattern: -1), "iconv cannot write \(encoding)")
        defer { iconv_close(descriptor) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let written = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var outLeft = outBuffer.count
                precondition(iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1, "\(text) is not in \(encoding)")
                return outBuffer.count - outLeft
            }
        }
        return Array(output[..<written])
    }
}
