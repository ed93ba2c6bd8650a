/// Where the server accepts connections: a socket it binds itself, or one systemd bound
/// and passed to it.
enum ListeningSocket: Sendable, Equatable {
    /// A path the server binds (mode 0600) and removes when it stops.
    case path(String)
    /// A socket systemd passed (socket activation); systemd owns its file, which stays.
    case inherited(InheritedSocket)
}
