import RondoProtocol
import RondoRouting

extension Routes {
    /// `events.subscribe`.
    func registerEventMethods(in router: inout Router) {
        router.register(Methods.EventsSubscribe.self) { [hub] params, connection in
            hub.subscribe(connection.id, to: params.topics)
            return Empty()
        }
    }
}
