/// Why a ``PlayerRig`` could not set up a player.
struct RigError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
