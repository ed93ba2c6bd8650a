import Focus
import Testing

@Suite struct FocusErrorTests {
    /// Each error has its SPEC §9 code and a message that says what to do.
    @Test(arguments: [
        (FocusError.badParam("bad"), "badParam", "bad"),
        (
            .noSuchSession("x"), "noSuchSession",
            "no session \"x\" is open; open it first, or use an identity that session.list shows"
        ),
        (.sessionNotActive("x"), "sessionNotActive", "session \"x\" is not active; activate it first"),
        (.insufficientPriority("call"), "insufficientPriority", "call"),
        (.cannotInterruptOthers("alarm"), "cannotInterruptOthers", "alarm"),
        (
            .isBusy("x"), "isBusy",
            "session \"x\" was deactivated while its streams were still playing; pause or stop them before deactivating"
        ),
    ])
    func errorCodes(error: FocusError, code: String, message: String) {
        #expect(error.code == code)
        #expect(error.message == message)
        #expect(error.description == "\(code): \(message)")
    }
}
