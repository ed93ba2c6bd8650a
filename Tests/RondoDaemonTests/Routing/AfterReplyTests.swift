import Synchronization
import Testing

@testable import RondoDaemon

/// Work left for after a reply runs once the reply is written, in order, and at once
/// outside a request.
@Suite struct AfterReplyTests {
    @Test func workWaitsForTheReplyAndKeepsItsOrder() async {
        let done = Mutex<[Int]>([])
        let afterReply = AfterReply()
        await AfterReply.$current.withValue(afterReply) {
            AfterReply.run { done.withLock { $0.append(1) } }
            await Task.yield()
            AfterReply.run { done.withLock { $0.append(2) } }
        }
        #expect(done.withLock { $0 }.isEmpty)
        await afterReply.replyWritten()?.value
        #expect(done.withLock { $0 } == [1, 2])
        #expect(afterReply.replyWritten() == nil, "work left twice")
        #expect(done.withLock { $0 } == [1, 2], "work ran twice")
    }

    /// An actor called from the request's task leaves its work there too.
    @Test func workLeftInsideAnActorWaitsToo() async {
        final class Flag: Sendable {
            let raised = Mutex(false)
        }
        actor Service {
            let ran = Flag()
            func accept() { AfterReply.run { [ran] in ran.raised.withLock { $0 = true } } }
        }
        let service = Service()
        let afterReply = AfterReply()
        await AfterReply.$current.withValue(afterReply) { await service.accept() }
        #expect(service.ran.raised.withLock { $0 } == false)
        await afterReply.replyWritten()?.value
        #expect(service.ran.raised.withLock { $0 })
    }

    @Test func outsideARequestWorkRunsAtOnce() {
        let ran = Mutex(false)
        AfterReply.run { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
    }
}
