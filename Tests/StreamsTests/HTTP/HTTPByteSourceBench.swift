import Foundation
import Glibc
import RondoTesting
import Streams
import Testing

/// A measurement, run when `RONDO_STREAMS_BENCH=1`: 50 MB over the loopback through an
/// HTTP source, and through `curl -o /dev/null` for comparison, with the time to the first
/// byte and the CPU each spent.
@Suite struct HTTPByteSourceBench {
    /// Reads 50 MB in 64 KiB reads and prints the figures.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RONDO_STREAMS_BENCH"] == "1"))
    func readsFiftyMegabytes() throws {
        let size = 50_000_000
        let server = try TestHTTPServer()
        try server.write("big.bin", StreamReading.bytes(count: size))
        let url = server.url("big.bin")

        let cpuBefore = Self.cpuSeconds(children: false)
        let started = ContinuousClock.now
        let source = try HTTPByteSource(url: url)
        let firstByte = ContinuousClock.now - started
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { break }
            total += count
        }
        let elapsed = ContinuousClock.now - started
        let cpu = Self.cpuSeconds(children: false) - cpuBefore
        #expect(total == size)

        let childrenBefore = Self.cpuSeconds(children: true)
        let curl = Subprocess.capture(["curl", "-s", "-o", "/dev/null", "-w", "%{time_starttransfer} %{time_total}", url])
        let curlCPU = Self.cpuSeconds(children: true) - childrenBefore
        print(
            "streams-bench: HTTPByteSource \(total) bytes in \(elapsed) (\(Self.rate(total, elapsed))), CPU \(cpu) s, first byte after \(firstByte); "
                + "curl -o /dev/null: first byte and total \(curl.stdout) s, CPU \(curlCPU) s")
    }

    private static func cpuSeconds(children: Bool) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(truncatingIfNeeded: (children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func rate(_ bytes: Int, _ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return "\(Int(Double(bytes) / seconds / 1e6)) MB/s"
    }
}
