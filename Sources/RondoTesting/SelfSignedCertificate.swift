import Foundation

/// A certificate for 127.0.0.1 that no CA signed, made with `openssl req -x509`, for a
/// ``TestHTTPServer`` that speaks HTTPS a client must refuse. Its directory goes with it.
public final class SelfSignedCertificate: Sendable {
    private let directory: TemporaryDirectory
    /// The certificate (PEM).
    public var certificatePath: String { directory.appending("cert.pem") }
    /// Its private key (PEM).
    public var keyPath: String { directory.appending("key.pem") }

    /// Makes a new key and certificate.
    /// - Throws: when `openssl` fails.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-tls")
        let result = Subprocess.capture([
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", directory.appending("key.pem"), "-out",
            directory.appending("cert.pem"), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl failed: \(result.stderr)"])
        }
    }
}
