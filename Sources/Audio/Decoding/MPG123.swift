import CMPG123

/// One-time set-up of libmpg123 and the handle settings every Rondo decoder shares.
enum MPG123 {
    /// Initialises the library once per process (a no-op on recent versions, required on old ones).
    static let initialised: Bool = mpg123_init() == MPG123_OK.rawValue

    /// A new handle that outputs interleaved float at the file's own rate and channel
    /// count, quiet on stderr, gapless. The output format is fixed here, before any
    /// `mpg123_open` (later format calls are ignored).
    /// - Parameter keepingPictures: whether the handle stores ID3v2 APIC images
    ///   (`MPG123_PICTURE`); only tag readers want them, a playing decoder would hold
    ///   the cover in memory for nothing.
    /// - Parameter peekingAtEnd: whether opening may read the last bytes (an ID3v1 tag, the
    ///   length); not over the network, where that is a request of its own. Without the
    ///   look the stream is still taken as seekable (a remote file that cannot seek says so
    ///   when asked).
    static func makeHandle(keepingPictures: Bool = false, peekingAtEnd: Bool = true) -> OpaquePointer? {
        _ = initialised
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else { return nil }
        var flags = Int(MPG123_QUIET.rawValue | MPG123_GAPLESS.rawValue)
        if keepingPictures { flags |= Int(MPG123_PICTURE.rawValue) }
        if !peekingAtEnd { flags |= Int(MPG123_NO_PEEK_END.rawValue | MPG123_FORCE_SEEKABLE.rawValue) }
        mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), flags, 0)
        mpg123_format_none(handle)
        var rates: UnsafePointer<Int>?
        var rateCount = 0
        mpg123_rates(&rates, &rateCount)
        for index in 0..<rateCount {
            mpg123_format(
                handle, rates![index], Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue),
                Int32(MPG123_ENC_FLOAT_32.rawValue))
        }
        return handle
    }

    /// The library's message for the handle's last error.
    static func lastError(_ handle: OpaquePointer) -> String {
        String(cString: mpg123_strerror(handle))
    }
}
