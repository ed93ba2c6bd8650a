/// Separates a SHOUTcast/Icecast body into its audio and its metadata: after every
/// `metaint` bytes of audio comes one length byte, then length × 16 bytes of metadata
/// (at most 255 × 16 = 4080, so a corrupt length byte still bounds a block).
///
/// A value fed the body in pieces of any size; pure, used on one thread.
struct ICYDemuxer {
    /// The largest metadata block the format can carry.
    static let maximumBlock = 255 * 16
    /// The audio bytes between two metadata blocks.
    let metaint: Int
    private var audioLeft: Int
    private var metadataLeft = 0
    private var metadata: [UInt8] = []
    private var expectsLength = false

    /// A demuxer for a body with `icy-metaint: metaint`; `nil` for a value no stream uses
    /// (below 1 or above 1 MiB).
    init?(metaint: Int) {
        guard (1...1 << 20).contains(metaint) else { return nil }
        self.metaint = metaint
        audioLeft = metaint
    }

    /// Splits `bytes`, the next piece of the body.
    /// - Parameters:
    ///   - audio: called with each run of audio bytes, in order.
    ///   - block: called with each complete non-empty metadata block, before the audio after it.
    mutating func feed(
        _ bytes: UnsafeRawBufferPointer, audio: (UnsafeRawBufferPointer) -> Void, block: ([UInt8]) -> Void
    ) {
        var index = 0
        while index < bytes.count {
            if expectsLength {
                expectsLength = false
                metadataLeft = Int(bytes[index]) * 16
                index += 1
                if metadataLeft == 0 { audioLeft = metaint }
            } else if metadataLeft > 0 {
                let count = min(metadataLeft, bytes.count - index)
                metadata.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]))
                index += count
                metadataLeft -= count
                if metadataLeft == 0 {
                    block(metadata)
                    metadata.removeAll(keepingCapacity: true)
                    audioLeft = metaint
                }
            } else {
                let count = min(audioLeft, bytes.count - index)
                audio(UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]))
                index += count
                audioLeft -= count
                if audioLeft == 0 { expectsLength = true }
            }
        }
    }
}
