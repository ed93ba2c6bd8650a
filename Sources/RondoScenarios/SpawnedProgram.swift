import Glibc

/// A helper program `rondo scenario run --audio` starts (`sox`, `pacat`, `parec`), reaped
/// only through this value, by its own pid.
///
/// It inherits the environment (so `PULSE_SERVER` reaches it) and stays in `rondo`'s process
/// group, so a Ctrl-C that stops `rondo` stops it too. Its standard error is discarded; its
/// standard input and output are `/dev/null` unless a descriptor is given. Used from one
/// thread.
struct SpawnedProgram {
    /// Its process id.
    let pid: pid_t

    /// Starts `arguments[0]`, looked up in `PATH`.
    /// - Parameters:
    ///   - arguments: the program and its arguments.
    ///   - input: a descriptor to use as its standard input, or `nil` for `/dev/null`.
    ///   - output: a descriptor to use as its standard output, or `nil` for `/dev/null`.
    /// - Throws: ``AudioCheckError`` when it cannot be started.
    init(_ arguments: [String], input: Int32? = nil, output: Int32? = nil) throws(AudioCheckError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A writer whose reader is gone should end, as it would under a shell.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let error = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, environ)
        guard error == 0 else {
            throw AudioCheckError("cannot run \(arguments[0]): \(String(cString: strerror(error))); is it installed?")
        }
        pid = child
    }

    /// Stops it (SIGTERM) and waits until it has exited.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// A pipe whose two ends are closed in programs started later: only the program an end
    /// is handed to holds it.
    /// - Returns: the read and write ends.
    /// - Throws: ``AudioCheckError`` when no pipe can be made.
    static func pipe() throws(AudioCheckError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else {
            throw AudioCheckError("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // `rondo` starts its helpers from one thread, so no spawn can slip in between.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }
}
