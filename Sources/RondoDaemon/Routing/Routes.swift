import RondoProtocol
import RondoRouting

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
    let daemonInfo: @Sendable () -> DaemonInfo

    /// Runs a request that changes the player's state and answers once the change is on
    /// disk (the player's writer saves off its actor), so what a client was told survives
    /// a `kill -9`. Work the request leaves for after its reply (``AfterReply``: loading a
    /// track) starts at once instead, alongside the write the reply waits for.
    func kept<Result, Failure: Error>(_ request: () async throws(Failure) -> Result) async throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = await AfterReply.$current.withValue(nil) {
            do throws(Failure) {
                return .success(try await request())
            } catch {
                return .failure(error)
            }
        }
        await player.written()
        return try outcome.get()
    }

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
