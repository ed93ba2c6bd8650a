import RondoProtocol
import RondoRouting

/// The method table of `RondoProtocol` bound to the daemon's services: every method of
/// `Methods.all` is registered by the extension beside the service that serves it
/// (`Routes+Player.swift`, `Routes+Queue.swift`, `Routes+Library.swift`, `Routes+Radio.swift`,
/// `Routes+Sessions.swift`, `Routes+Events.swift`, `Routes+Daemon.swift`).
struct Routes {
    let player: PlayerService
    let library: LibraryService
    let podcasts: PodcastService
    let sessions: SessionService
    let prompts: PromptService
    let hub: EventHub
    /// What `daemon.info` answers, read when asked.
    let daemonInfo: @Sendable () -> DaemonInfo
    /// The now-playing state in the wire's form, as `nowPlaying.get` answers it
    /// (``currentNowPlayingEncoded()``).
    let nowPlayingReplies = PublishedNowPlaying()

    /// Carries out a request's ``ReplyPolicy`` (``ReplyPolicies``) around its handling:
    /// `work` returns the reply line. A reply kept until written waits for the player's
    /// writer (which saves off its actor) and its loader; work such a request leaves for
    /// after its reply (``AfterReply``) starts at once instead, alongside that write.
    func keep(_ policy: ReplyPolicy, _ work: () async -> [UInt8]?) async -> [UInt8]? {
        switch policy {
        case .whenDecided:
            return await work()
        case .afterEarlierWrites:
            await player.written()
            return await work()
        case .whenWritten:
            let reply = await AfterReply.$current.withValue(nil) { await work() }
            await player.written()
            return reply
        }
    }

    /// A router serving every method, each reply sent as ``ReplyPolicies`` says.
    func makeRouter() -> Router {
        var router = Router(policies: ReplyPolicies.policy) { [self] policy, work in await keep(policy, work) }
        registerDaemonMethods(in: &router)
        registerPlayerMethods(in: &router)
        registerQueueMethods(in: &router)
        registerLibraryMethods(in: &router)
        registerRadioMethods(in: &router)
        registerPodcastMethods(in: &router)
        registerSessionMethods(in: &router)
        registerEventMethods(in: &router)
        return router
    }
}
