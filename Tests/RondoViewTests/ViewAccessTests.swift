import Testing

@testable import RondoView

/// Who may use the view: the token, and a Host and Origin naming the view itself.
struct ViewAccessTests {
    let access = ViewAccess(token: "secret", port: 8737)

    func check(query: String = "token=secret", _ headers: [(String, String)]) -> ViewAccess.Verdict {
        access.check(query: query, headers: headers.map { ViewHeader(name: $0.0, value: $0.1) })
    }

    @Test(arguments: ["127.0.0.1:8737", "localhost:8737", "[::1]:8737", "LOCALHOST:8737"])
    func theViewsOwnHostsAreServed(host: String) {
        #expect(check([("host", host)]) == .allowed)
    }

    @Test(arguments: ["evil.example:8737", "127.0.0.1:80", "127.0.0.1", "rebind.example", ""])
    func aForeignHostIsForbidden(host: String) {
        #expect(check([("host", host)]) == .forbidden)
    }

    @Test func aMissingHostIsForbidden() {
        #expect(check([]) == .forbidden)
    }

    @Test func aForeignOriginIsForbidden() {
        #expect(check([("host", "127.0.0.1:8737"), ("origin", "http://127.0.0.1:8737")]) == .allowed)
        #expect(check([("host", "127.0.0.1:8737"), ("origin", "http://evil.example")]) == .forbidden)
        #expect(check([("host", "127.0.0.1:8737"), ("origin", "null")]) == .forbidden)
    }

    @Test func theTokenIsNeeded() {
        #expect(check(query: "", [("host", "127.0.0.1:8737")]) == .unauthorized)
        #expect(check(query: "token=wrong", [("host", "127.0.0.1:8737")]) == .unauthorized)
        #expect(check(query: "token=secre", [("host", "127.0.0.1:8737")]) == .unauthorized)
        #expect(check(query: "a=1&token=secret&b=2", [("host", "127.0.0.1:8737")]) == .allowed)
        #expect(check(query: "", [("host", "127.0.0.1:8737"), ("authorization", "Bearer secret")]) == .allowed)
        #expect(check(query: "", [("host", "127.0.0.1:8737"), ("authorization", "Bearer wrong")]) == .unauthorized)
    }
}

/// What each path serves; nothing outside the artwork cache.
struct ViewRouteTests {
    @Test func routes() {
        #expect(ViewRoute.route(method: "GET", uri: "/?token=x") == .page)
        #expect(ViewRoute.route(method: "POST", uri: "/rpc") == .rpc)
        #expect(ViewRoute.route(method: "GET", uri: "/rpc") == .methodNotAllowed)
        #expect(ViewRoute.route(method: "GET", uri: "/events?token=x&topics=nowPlaying,session") == .events(["nowPlaying", "session"]))
        #expect(ViewRoute.route(method: "GET", uri: "/artwork/ab12.png?token=x") == .artwork("ab12.png"))
        #expect(ViewRoute.route(method: "GET", uri: "/etc/passwd") == .notFound)
    }

    @Test(arguments: [
        "/artwork/../../etc/passwd", "/artwork/..%2F..%2Fetc%2Fpasswd", "/artwork/.hidden", "/artwork/", "/artwork/a/b.png", "/artwork/a\\b",
    ])
    func nothingClimbsOutOfTheArtworkCache(uri: String) {
        #expect(ViewRoute.route(method: "GET", uri: uri) == .notFound)
    }
}

/// `[view] listen`: loopback addresses only.
struct ViewAddressTests {
    @Test func parses() {
        #expect(ViewAddress.parse("127.0.0.1:8737") == ViewAddress(host: "127.0.0.1", port: 8737))
        #expect(ViewAddress.parse("[::1]:9000") == ViewAddress(host: "::1", port: 9000))
        #expect(ViewAddress.parse("localhost:0") == ViewAddress(host: "localhost", port: 0))
        #expect(ViewAddress.parse("127.1.2.3:80")?.host == "127.1.2.3")
        #expect(ViewAddress(host: "::1", port: 9000).description == "[::1]:9000")
    }

    @Test(arguments: ["0.0.0.0:8737", "192.168.1.2:8737", "example.com:80", "127.0.0.1", "127.0.0.1:70000", "[::]:8737", ":8737", "127.0.0.256:1"])
    func refusesAnythingNotLoopback(text: String) {
        #expect(ViewAddress.parse(text) == nil)
    }
}
