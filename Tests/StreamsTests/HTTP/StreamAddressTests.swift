import RondoTesting
import Testing
import TextEncodings

@testable import Streams

/// An address's `#charset=` (MPD's convention) names its station's encoding and is never
/// sent; everything else about the address is sent as given.
struct StreamAddressTests {
    @Test(
        arguments: [
            ("http://h/s", "http://h/s", nil), ("http://h/s#charset=cp1251", "http://h/s", "cp1251"),
            ("http://h/s?a=1#x=2&CHARSET=ISO-8859-2", "http://h/s?a=1", "iso-8859-2"), ("http://h/s#top", "http://h/s", nil),
            ("http://h/s#", "http://h/s", nil),
        ] as [(String, String, String?)])
    func splitsTheFragment(address: String, sent: String, charset: String?) throws {
        let split = try StreamAddress(address)
        #expect(split.requestURL == sent)
        #expect(split.charset?.name.lowercased() == charset)
    }

    /// A name iconv does not know, or none, is refused, naming what was given.
    @Test(arguments: ["http://h/s#charset=klingon", "http://h/s#charset="])
    func refusesAnUnknownCharset(address: String) {
        #expect(throws: StreamAddressError.self) { try StreamAddress(address) }
    }

    /// 5,000 random addresses of URL characters, `#`, `&` and `charset=`: each is refused or
    /// split at its first `#`, never trapping, the request URL never holding a `#`.
    @Test func anyAddressSplitsOrIsRefused() {
        let pieces = ["http://h/", "#", "&", "charset=", "utf-8", "cp1251", "x", "é", "%23", "=", "?q=1"]
        var random = SplitMix64(seed: 5)
        for _ in 0..<5_000 {
            let address = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            do {
                let split = try StreamAddress(address)
                #expect(!split.requestURL.contains("#"))
                #expect(address.hasPrefix(split.requestURL))
            } catch {
                #expect(error.description.contains("#charset="))
            }
        }
    }
}
