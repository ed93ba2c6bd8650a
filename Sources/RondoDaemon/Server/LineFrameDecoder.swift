import NIOCore

/// One NDJSON frame read from a client: a complete line, or the news that a line was
/// longer than the cap and has been thrown away.
enum Frame: Sendable {
    /// A line without its `\n`.
    case line(ByteBuffer)
    /// A line longer than the cap was discarded up to its `\n`; the connection goes on.
    case oversized
}

/// Splits the byte stream into `\n`-terminated lines, refusing to buffer more than
/// `maximumLength` bytes of one line (NIO's `LineBasedFrameDecoder` has no cap).
///
/// A line over the cap yields ``Frame/oversized`` once, and its remaining bytes are
/// skipped until the next `\n`, so one huge line costs at most the cap in memory.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = Frame

    let maximumLength: Int
    private var discarding = false
    private var scanned = 0

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        let searchStart = view.startIndex + scanned
        if let newline = view[searchStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - view.startIndex
            scanned = 0
            if discarding {
                buffer.moveReaderIndex(forwardBy: length + 1)
                discarding = false
                return .continue
            }
            guard length <= maximumLength else {
                buffer.moveReaderIndex(forwardBy: length + 1)
                context.fireChannelRead(wrapInboundOut(.oversized))
                return .continue
            }
            var line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: 1)
            if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
            context.fireChannelRead(wrapInboundOut(.line(line)))
            return .continue
        }
        if discarding {
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            scanned = 0
        } else if buffer.readableBytes > maximumLength {
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            scanned = 0
            discarding = true
            context.fireChannelRead(wrapInboundOut(.oversized))
        } else {
            scanned = buffer.readableBytes
        }
        return .needMoreData
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A last line without `\n` is a request too, unless it was being discarded.
        if !discarding, buffer.readableBytes > 0, buffer.readableBytes <= maximumLength {
            let line = buffer.readSlice(length: buffer.readableBytes)!
            context.fireChannelRead(wrapInboundOut(.line(line)))
        }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        return .needMoreData
    }
}
