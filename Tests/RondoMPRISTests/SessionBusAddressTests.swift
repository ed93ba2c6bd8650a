import Testing

@testable import RondoMPRIS

/// The bus address is taken from the environment given, as sd-bus takes it from its own.
struct SessionBusAddressTests {
    /// The address variable wins, else the runtime directory's escaped socket path; an
    /// environment naming neither has no address.
    @Test(
        arguments: [
            (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/bus"], "unix:path=/tmp/bus"),
            (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a/bus", "XDG_RUNTIME_DIR": "/run/user/1"], "unix:path=/a/bus"),
            (["XDG_RUNTIME_DIR": "/run/user/1000"], "unix:path=/run/user/1000/bus"),
            (["XDG_RUNTIME_DIR": "/tmp/a b,c=d;é"], "unix:path=/tmp/a%20b%2cc%3dd%3b%c3%a9/bus"),
            (["DBUS_SESSION_BUS_ADDRESS": ""], nil),
            (["XDG_RUNTIME_DIR": "relative"], nil),
            ([:], nil),
        ] as [([String: String], String?)])
    func readsTheEnvironmentGiven(environment: [String: String], address: String?) {
        #expect(SessionBusLocation.address(environment: environment) == address)
    }
}
