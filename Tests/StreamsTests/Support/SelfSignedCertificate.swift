import RondoTesting

/// A certificate for 127.0.0.1 that no CA signed, made with `openssl req -x509`.
final class SelfSignedCertificate: Sendable {
    private let directory: TemporaryDirectory
    /// The certificate (PEM).
    var certificatePath: String { directory.appending("cert.pem") }
    /// Its private key (PEM).
    var keyPath: String { directory.appending("key.pem") }

    /// Makes a new key and certificate.
    init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-tls")
        let result = Subprocess.capture([
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", directory.appending("key.pem"), "-out",
            directory.appending("cert.pem"), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        guard result.status == 0 else { throw SupportError("openssl failed: \(result.stderr)") }
    }
}

/// A test's setup that could not be made.
struct SupportError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
    init(_ description: String) { self.description = description }
}
