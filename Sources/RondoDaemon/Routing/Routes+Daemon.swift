import RondoProtocol

extension Routes {
    /// `daemon.info`.
    func registerDaemonMethods(in router: inout Router) {
        router.register(Methods.DaemonInfoMethod.self) { [daemonInfo] _, _ in await daemonInfo() }
    }
}
