import Audio
import RondoTesting
import Testing

@testable import Streams

/// HTTPS is verified against the system's CA store: a certificate nobody signed is refused.
@Suite struct HTTPSourceTLSTests {
    /// A server with a self-signed certificate is `unreachable`, its certificate named.
    @Test func selfSignedCertificateIsRefused() throws {
        let certificate = try SelfSignedCertificate()
        let server = try TestHTTPServer(certificate: certificate)
        try server.write("a.bin", StreamReading.bytes(count: 1_000))
        let result = Result { try HTTPByteSource(url: server.url("a.bin"), options: HTTPOptions(timeout: 3)) }
        let reason = result.failure.flatMap(StreamReading.unreachableReason)
        #expect(reason?.contains("certificate") == true, "\(String(describing: result.failure))")
    }
}
