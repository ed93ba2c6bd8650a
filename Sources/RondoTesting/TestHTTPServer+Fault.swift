extension TestHTTPServer {
    /// A way the server fails, chosen by the path asked for (the script's docstring says
    /// each in full). Counts are of body bytes, sizes of the file the fault serves.
    public enum Fault: Sendable, Equatable {
        /// The file whole, ranges ignored and not offered.
        case noRanges
        /// The file as another media type (`text/html`).
        case contentType(String)
        /// The connection closed after `afterBytes` body bytes of each answer.
        case cut(afterBytes: Int)
        /// A pause of `seconds` after `afterBytes` body bytes of each answer.
        case stall(afterBytes: Int, seconds: Int)
        /// The file at one byte a second.
        case trickle
        /// An empty answer with this status.
        case status(Int)
        /// This many redirects, then the file.
        case redirects(Int)
        /// A redirect to itself.
        case redirectLoop
        /// Header lines that never end.
        case endlessHeaders
        /// The file as a live ICY stream, a metadata block every `metaint` bytes, titled
        /// `Title K` for K = offset / `titleEvery`.
        case icy(metaint: Int, titleEvery: Int)
        /// As ``icy(metaint:titleEvery:)``, every block of the largest size, titled `Block K`.
        case icyLargestBlocks(metaint: Int)
        /// A live station of the file round and round whose first blocks are each of the largest
        /// size with a new title, until `totalBytes` of metadata have passed.
        case icyFlood(totalBytes: Int, metaint: Int)
        /// A live station of the file round and round, closed after `afterBytes`.
        case liveCut(afterBytes: Int)
        /// A live station of the file round and round with ICY metadata (an empty block after
        /// every `metaint` audio bytes), closed after `afterBytes` audio bytes; each new
        /// listener joins `afterBytes` further on, without a burst, as after a drop that
        /// outlasted the station's burst.
        case liveICYCut(afterBytes: Int, metaint: Int)
        /// The file whole, gzip-compressed.
        case gzip
        /// An answer with redirect status `status` (301, 302, 307, 308) to the file.
        case moved(status: Int)
        /// An error status with a page of HTML as its body.
        case errorPage(Int)
        /// The file, a range answered from its first byte (a broken cache or server).
        case misrange

        /// The path that asks for this fault with the file `name`.
        func path(_ name: String) -> String {
            switch self {
            case .noRanges: "norange/\(name)"
            case .contentType(let type): "type/\(type)/\(name)"
            case .cut(let count): "cut/\(count)/\(name)"
            case .stall(let count, let seconds): "stall/\(count)/\(seconds)/\(name)"
            case .trickle: "trickle/\(name)"
            case .status(let code): "status/\(code)"
            case .redirects(let count): "redirect/\(count)/\(name)"
            case .redirectLoop: "loop"
            case .endlessHeaders: "endless-headers"
            case .icy(let metaint, let every): "icy/\(metaint)/\(every)/\(name)"
            case .icyLargestBlocks(let metaint): "icy-max/\(metaint)/\(name)"
            case .icyFlood(let total, let metaint): "icy-flood/\(total)/\(metaint)/\(name)"
            case .liveCut(let count): "live-cut/\(count)/\(name)"
            case .liveICYCut(let count, let metaint): "live-icy-cut/\(count)/\(metaint)/\(name)"
            case .gzip: "gzip/\(name)"
            case .moved(let status): "moved/\(status)/\(name)"
            case .errorPage(let code): "error-page/\(code)"
            case .misrange: "misrange/\(name)"
            }
        }
    }
}
