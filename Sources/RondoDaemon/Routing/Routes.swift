import RondoProtocol

/// The method table of `RondoProtocol` bound to the daemon's services: every method of
/// `Methods.all` is registered by the extension beside the service that serves it
/// (`Routes+Player.swift`, `Routes+Queue.swift`, `Routes+Library.swift`,
/// `Routes+Sessions.swift`, `Routes+Events.swift`, `Routes+Daemon.swift`).
struct Routes {
    let player: PlayerService
    let library: LibraryService
    let sessions: SessionService
    let prompts: PromptService
    let hub: EventHub
    /// What `daemon.info` answers, read when asked.
    let daemonInfo: @Sendable () async -> DaemonInfo

    /// A router serving every method.
    func makeRouter() -> Router {
        var router = Router()
        registerDaemonMethods(in: &router)
        registerPlayerMethods(in: &router)
        registerQueueMethods(in: &router)
        registerLibraryMethods(in: &router)
        registerSessionMethods(in: &router)
        registerEventMethods(in: &router)
        return router
    }
}
