import RondoProtocol
import RondoRouting

extension Routes {
    /// `daemon.info`.
    func registerDaemonMethods(in router: inout Router) {
        let encoding = DaemonInfoEncoding()
        router.registerImmediateEncoded(Methods.DaemonInfoMethod.self) { [daemonInfo] _, _ throws(RPCError) in
            try encoding.encoded(daemonInfo())
        }
    }
}
