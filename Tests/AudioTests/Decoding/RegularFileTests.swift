import Audio
import Foundation
import Glibc
import RondoTesting
import Testing

/// Only regular files are opened for reading, without ever blocking on what is not one.
struct RegularFileTests {
    /// A regular file opens in blocking mode and reads from its start.
    @Test func aRegularFileOpens() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("a.mp3")
        try "ID3".write(toFile: path, atomically: false, encoding: .utf8)
        let descriptor = try RegularFile.open(path)
        defer { close(descriptor) }
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0)
        var bytes = [UInt8](repeating: 0, count: 3)
        #expect(read(descriptor, &bytes, 3) == 3 && bytes == Array("ID3".utf8))
    }

    /// A named pipe (no writer: a blocking open would never return), a directory, devices
    /// and a missing file are refused, each with what it is.
    @Test func everythingElseIsRefusedWithItsKind() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.appending("x.mp3")
        try #require(mkfifo(fifo, 0o600) == 0)
        let cases = [
            (fifo, "a named pipe, not a regular file"), (directory.path, "a directory, not a regular file"),
            ("/dev/null", "a character device, not a regular file"), (directory.appending("missing.mp3"), "No such file"),
        ]
        for (path, reason) in cases {
            #expect(throws: RegularFileError.self) { _ = try RegularFile.open(path) }
            do {
                _ = try RegularFile.open(path)
            } catch {
                #expect(error.reason.contains(reason), "\(path): \(error.reason)")
            }
        }
    }
}
