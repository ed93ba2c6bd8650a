/// What a request asks the view for. Pure: decided from the method and the path alone.
public enum ViewRoute: Equatable, Sendable {
    /// `GET /`: the page.
    case page
    /// `POST /rpc`: one JSON-RPC request, answered as the socket answers it.
    case rpc
    /// `GET /events?topics=a,b`: the events of those topics, as Server-Sent Events.
    case events([String])
    /// `GET /artwork/NAME`: a picture from the artwork cache; `NAME` is a bare file name.
    case artwork(String)
    /// Anything else: 404 (405 for a known path with the wrong method).
    case notFound
    case methodNotAllowed

    /// Routes `method` `uri`.
    public static func route(method: String, uri: String) -> ViewRoute {
        let (path, query) = parts(of: uri)
        switch path {
        case "/", "/index.html":
            return method == "GET" ? .page : .methodNotAllowed
        case "/rpc":
            return method == "POST" ? .rpc : .methodNotAllowed
        case "/events":
            guard method == "GET" else { return .methodNotAllowed }
            let topics = ViewAccess.parameter("topics", in: query)?.split(separator: ",").map(String.init) ?? []
            return .events(topics)
        default:
            let prefix = "/artwork/"
            guard path.hasPrefix(prefix) else { return .notFound }
            let name = String(path.dropFirst(prefix.count))
            guard method == "GET" else { return .methodNotAllowed }
            // A bare name: nothing can climb out of the artwork cache.
            guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\"), !name.contains("%")
            else { return .notFound }
            return .artwork(name)
        }
    }

    /// A request target's path (before `?`) and query (after it; empty without one).
    public static func parts(of uri: String) -> (path: Substring, query: String) {
        let halves = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return (halves[0], halves.dropFirst().first.map(String.init) ?? "")
    }
}
