import Glibc

/// The configuration file of a private `icecast2`: loopback only, its passwords, and its
/// log and pid files in one directory.
///
/// Icecast refuses to run as root unless told to change to another user once its port is
/// bound (`<security><changeowner>`); run as root, it becomes `nobody`, so the directory
/// must be that user's (``IcecastServer`` hands it over).
struct IcecastConfiguration {
    /// The port it listens on, at 127.0.0.1.
    var port: Int
    /// The directory of its log and pid files.
    var directory: String
    /// The password of the `source` user, who feeds a mount.
    var sourcePassword: String
    /// The password of the `admin` user, who changes a mount's song.
    var adminPassword: String
    /// Bytes of an MP3 mount sent to a new listener at once, from before the live edge.
    var burstSize: Int
    /// Bytes of MP3 between two ICY metadata blocks, for listeners that ask for them.
    var metadataInterval: Int

    /// The user Icecast changes to when started as root: `nobody` and its group.
    static var unprivilegedOwner: (user: String, group: String, uid: uid_t, gid: gid_t)? {
        guard getuid() == 0, let user = getpwnam("nobody"), let group = getgrgid(user.pointee.pw_gid) else { return nil }
        return ("nobody", String(cString: group.pointee.gr_name), user.pointee.pw_uid, user.pointee.pw_gid)
    }

    /// The file's text.
    var xml: String {
        let security = Self.unprivilegedOwner.map {
            "<security><chroot>0</chroot><changeowner><user>\($0.user)</user><group>\($0.group)</group></changeowner></security>"
        }
        return """
            <icecast>
              <location>loopback</location>
              <admin>rondo@localhost</admin>
              <hostname>127.0.0.1</hostname>
              <limits>
                <clients>32</clients>
                <sources>4</sources>
                <queue-size>1048576</queue-size>
                <client-timeout>30</client-timeout>
                <header-timeout>10</header-timeout>
                <source-timeout>10</source-timeout>
                <burst-on-connect>1</burst-on-connect>
                <burst-size>\(burstSize)</burst-size>
              </limits>
              <authentication>
                <source-password>\(sourcePassword)</source-password>
                <relay-password>\(sourcePassword)</relay-password>
                <admin-user>admin</admin-user>
                <admin-password>\(adminPassword)</admin-password>
              </authentication>
              <listen-socket>
                <port>\(port)</port>
                <bind-address>127.0.0.1</bind-address>
              </listen-socket>
              <mount type="default">
                <mp3-metadata-interval>\(metadataInterval)</mp3-metadata-interval>
              </mount>
              <fileserve>0</fileserve>
              <paths>
                <basedir>\(directory)</basedir>
                <logdir>\(directory)</logdir>
                <pidfile>\(directory)/icecast.pid</pidfile>
                <webroot>/usr/share/icecast2/web</webroot>
                <adminroot>/usr/share/icecast2/admin</adminroot>
              </paths>
              <logging>
                <accesslog>access.log</accesslog>
                <errorlog>error.log</errorlog>
                <loglevel>3</loglevel>
              </logging>
              \(security ?? "")
            </icecast>

            """
    }
}
