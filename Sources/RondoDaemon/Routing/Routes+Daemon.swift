import RondoProtocol

extension Routes {
    /// `daemon.info`.
    func registerDaemonMethods(in router: inout Router) {
        router.registerImmediate(Methods.DaemonInfoMethod.self) { [daemonInfo] _, _ in daemonInfo() }
    }
}
