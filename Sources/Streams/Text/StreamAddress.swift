import TextEncodings

/// An address as a listener gives it, split into what is sent and what is kept: MPD's
/// convention `http://host/stream#charset=cp1251` names the encoding of the station's
/// metadata and headers in the fragment, which never reaches the server.
struct StreamAddress: Equatable {
    /// The address without its fragment: what libcurl is given.
    let requestURL: String
    /// The encoding the fragment's `charset=` names, `nil` without one.
    let charset: TextEncoding?

    /// Splits `address`.
    /// - Throws: ``StreamAddressError`` for a `charset=` that names no encoding iconv reads,
    ///   so a mistyped name is said rather than ignored.
    init(_ address: String) throws(StreamAddressError) {
        guard let hash = address.firstIndex(of: "#") else {
            (requestURL, charset) = (address, nil)
            return
        }
        requestURL = String(address[..<hash])
        let parameters = address[address.index(after: hash)...].split(separator: "&")
        guard let parameter = parameters.first(where: { $0.lowercased().hasPrefix("charset=") }) else {
            charset = nil
            return
        }
        let name = String(parameter.dropFirst("charset=".count))
        guard let encoding = TextEncoding(named: name) else { throw StreamAddressError(charset: name) }
        charset = encoding
    }
}
