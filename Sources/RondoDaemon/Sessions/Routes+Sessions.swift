import RondoProtocol
import RondoRouting

extension Routes {
    /// The `session.*` and `prompt.play` methods.
    func registerSessionMethods(in router: inout Router) {
        let sessions = self.sessions
        let prompts = self.prompts
        router.register(Methods.SandboxOpen.self) { params, connection throws(RPCError) in
            try sessions.openSandbox(params, owner: connection.id)
        }
        router.register(Methods.SandboxClose.self) { params, connection throws(RPCError) in
            try sessions.closeSandbox(params, owner: connection.id)
            return params
        }
        router.register(Methods.SandboxRoute.self) { params, connection throws(RPCError) in
            try sessions.simulateRoute(params, owner: connection.id)
            return Empty()
        }
        router.register(Methods.SandboxWait.self) { params, connection throws(RPCError) in
            try sessions.advanceSandbox(params, owner: connection.id)
            return Empty()
        }
        router.register(Methods.SessionOpen.self) { params, connection throws(RPCError) in
            try sessions.open(params, owner: connection.id)
        }
        router.register(Methods.SessionConfigure.self) { params, connection throws(RPCError) in
            try sessions.configure(params, owner: connection.id)
            return Empty()
        }
        router.register(Methods.SessionActivate.self) { params, connection throws(RPCError) in
            try sessions.activate(params, owner: connection.id)
            return Empty()
        }
        router.register(Methods.SessionDeactivate.self) { params, connection throws(RPCError) in
            try sessions.deactivate(params, owner: connection.id)
            return Empty()
        }
        router.register(Methods.SessionClose.self) { params, connection throws(RPCError) in
            try sessions.close(params, owner: connection.id)
            return Empty()
        }
        router.register(Methods.SessionList.self) { _, _ in sessions.list() }
        router.register(Methods.SessionPromptStyle.self) { params, _ throws(RPCError) in
            try sessions.promptStyle(params)
        }
        router.register(Methods.PromptPlay.self) { params, connection throws(RPCError) in
            try await prompts.play(params, owner: connection.id, ownerIsGone: connection.isGone)
        }
    }
}
