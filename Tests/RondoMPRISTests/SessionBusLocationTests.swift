import Testing

@testable import RondoMPRIS

/// Where the session bus is found, read from the environment as sd-bus reads it.
struct SessionBusLocationTests {
    @Test(arguments: [
        (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"], SessionBusLocation.socket(path: "/run/user/1000/bus")),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/a%20b/bus,guid=0123"], .socket(path: "/tmp/a b/bus")),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:guid=0123,path=/tmp/bus"], .socket(path: "/tmp/bus")),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/%zz"], .other),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/%2"], .other),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:path=relative/bus"], .other),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-XYZ"], .other),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a/bus;unix:path=/b/bus"], .other),
        (["DBUS_SESSION_BUS_ADDRESS": "tcp:host=localhost,port=4000"], .other),
        (["DBUS_SESSION_BUS_ADDRESS": ""], .none),
        (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x/bus", "XDG_RUNTIME_DIR": "/run/user/1"], .socket(path: "/x/bus")),
        (["XDG_RUNTIME_DIR": "/run/user/1000"], .socket(path: "/run/user/1000/bus")),
        (["XDG_RUNTIME_DIR": "run/user/1000"], .none),
        (["XDG_RUNTIME_DIR": ""], .none),
        ([:], .none),
    ])
    func readsTheEnvironmentAsSDBusDoes(environment: [String: String], expected: SessionBusLocation) {
        #expect(SessionBusLocation(environment: environment) == expected)
    }
}
