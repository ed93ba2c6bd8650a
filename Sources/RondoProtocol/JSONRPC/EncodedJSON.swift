/// The JSON text of one value, encoded once and written into any number of replies as it
/// is (``JSONRPCCodec/responseLine(id:result:)``).
///
/// For results read far more often than they change, such as a paused player's now-playing
/// dictionary that every widget polls.
public struct EncodedJSON: Sendable, Equatable {
    /// The value's compact JSON, without a newline.
    public let bytes: [UInt8]
}
