import Glibc

/// Which groups other users cannot be in, read from the system's group and user databases.
enum UserGroups {
    /// Whether only `user` (or root) can be a member of group `gid`: root's group, or the
    /// user's private group — the group named after the user, with no listed members other
    /// than the user and the primary group of no other user.
    static func isPrivate(_ gid: gid_t, of user: uid_t) -> Bool {
        if gid == 0 { return true }
        guard let account = getpwuid(user), account.pointee.pw_gid == gid,
            let group = getgrgid(gid), let userName = account.pointee.pw_name, let groupName = group.pointee.gr_name,
            strcmp(userName, groupName) == 0
        else { return false }
        let name = String(cString: userName)
        var member = group.pointee.gr_mem
        while let entry = member?.pointee {
            if String(cString: entry) != name { return false }
            member = member?.advanced(by: 1)
        }
        return !anotherUserHasPrimaryGroup(gid, besides: user)
    }

    /// The group's name, or its number when it has none.
    static func name(of gid: gid_t) -> String {
        guard let group = getgrgid(gid), let name = group.pointee.gr_name else { return String(gid) }
        return String(cString: name)
    }

    private static func anotherUserHasPrimaryGroup(_ gid: gid_t, besides user: uid_t) -> Bool {
        setpwent()
        defer { endpwent() }
        while let account = getpwent() {
            if account.pointee.pw_gid == gid, account.pointee.pw_uid != user { return true }
        }
        return false
    }
}
