import CSDBus
import Glibc
import Logging
import Playback

/// A method call kept for its reply, handed between the bus thread and the task that asks
/// the player; only the bus thread touches the message.
private struct PendingCall: @unchecked Sendable {
    let message: OpaquePointer
}

extension MPRISService {
    /// The error names calls answer with.
    enum ErrorName {
        static let refused = "org.rondo.Error.CommandRefused"
        static let failed = "org.rondo.Error.Failed"
        static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    }

    /// A property of `interface`, read on the bus thread from the snapshot.
    func property(_ name: String, of interface: rondo_mpris_interface) -> MPRISValue? {
        if interface == RONDO_MPRIS_ROOT {
            return switch name {
            case "CanQuit", "CanRaise", "HasTrackList": .boolean(false)
            case "Identity": .string("Rondo")
            case "DesktopEntry": .string("rondo")
            case "SupportedUriSchemes": .strings(["file"])
            case "SupportedMimeTypes": .strings(["audio/mpeg", "audio/mp3"])
            default: nil
            }
        }
        let snapshot = self.snapshot
        return switch name {
        case "PlaybackStatus": .string(snapshot.playbackStatus)
        case "LoopStatus": .string(snapshot.loopStatus)
        case "Rate": .double(snapshot.rate)
        case "Shuffle": .boolean(snapshot.shuffle)
        case "Volume": .double(snapshot.volume)
        case "Position": .int64(MPRISSnapshot.microseconds(position(in: snapshot)))
        case "MinimumRate": .double(snapshot.minimumRate)
        case "MaximumRate": .double(snapshot.maximumRate)
        case "CanGoNext": .boolean(snapshot.canGoNext)
        case "CanGoPrevious": .boolean(snapshot.canGoPrevious)
        case "CanPlay": .boolean(snapshot.canPlay)
        case "CanPause": .boolean(snapshot.canPause)
        case "CanSeek": .boolean(snapshot.canSeek)
        case "CanControl": .boolean(true)
        default: nil
        }
    }

    /// Writes `property` from `value` (positioned inside its variant): the action is started
    /// and the write acknowledged; the change itself arrives as `PropertiesChanged`.
    func setProperty(_ property: String, value message: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let value: MPRISValue? =
            switch property {
            case "LoopStatus": BusMessage.readString(message, code: BusMessage.code("s")).map(MPRISValue.string)
            case "Rate", "Volume": BusMessage.readDouble(message).map(MPRISValue.double)
            case "Shuffle": BusMessage.readBoolean(message).map(MPRISValue.boolean)
            default: nil
            }
        guard let value, let action = MPRISAction.set(property, to: value, snapshot: snapshot) else {
            return sd_bus_error_set(error, ErrorName.invalidArgs, "\(property) does not take that value")
        }
        Task { [self] in
            if let failure = await perform(action) { logger.info("MPRIS: setting \(property) failed: \(failure.message)") }
        }
        return 0
    }

    /// Answers a method call of `interface`: at once when there is nothing to do, else once
    /// the player has carried it out.
    func callMethod(
        _ member: String, of interface: rondo_mpris_interface, call: OpaquePointer,
        error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 {
        // Raise and Quit do nothing: CanRaise and CanQuit are false.
        if interface == RONDO_MPRIS_ROOT { return rondo_bus_reply_empty(call) }
        var offset: Int64 = 0
        var trackID = ""
        var uri = ""
        switch member {
        case "Seek":
            offset = BusMessage.readInt64(call) ?? 0
        case "SetPosition":
            trackID = BusMessage.readString(call, code: BusMessage.code("o")) ?? ""
            offset = BusMessage.readInt64(call) ?? 0
        case "OpenUri":
            uri = BusMessage.readString(call, code: BusMessage.code("s")) ?? ""
        default:
            break
        }
        guard
            let action = MPRISAction.method(
                member, offset: offset, trackID: trackID, uri: uri, snapshot: snapshot, position: position(in: snapshot))
        else {
            let name = member == "OpenUri" ? ErrorName.invalidArgs : ErrorName.unknownMethod
            return sd_bus_error_set(error, name, member == "OpenUri" ? "only file:// URIs open: \(uri)" : member)
        }
        if action == .ignore { return rondo_bus_reply_empty(call) }
        let pending = PendingCall(message: sd_bus_message_ref(call))
        Task { [self] in
            let failure = await perform(action)
            enqueue { [self] in reply(to: pending, failure: failure) }
        }
        return 1
    }

    /// Replies on the bus thread, unless the call came on a connection since lost.
    private func reply(to pending: PendingCall, failure: (name: String, message: String)?) {
        defer { sd_bus_message_unref(pending.message) }
        guard let bus, sd_bus_message_get_bus(pending.message) == bus else { return }
        if let failure {
            _ = rondo_bus_reply_error(pending.message, failure.name, failure.message)
        } else {
            _ = rondo_bus_reply_empty(pending.message)
        }
    }

    /// Carries `action` out through the player; the D-Bus error to answer when it fails.
    private func perform(_ action: MPRISAction) async -> (name: String, message: String)? {
        do throws(PlayerCommandError) {
            switch action {
            case .remote(let command):
                let result = try await player.send(command)
                guard result.status == .success else {
                    let reason = result.reason.map { " \($0.rawValue)" } ?? ""
                    return (ErrorName.refused, "\(command.kind.rawValue) refused: \(result.status.rawValue)\(reason)")
                }
            case .setVolume(let volume):
                _ = try await player.setVolume(.to(volume))
            case .open(let path):
                _ = try await player.appendAndPlay([path], startingAt: 0)
            case .ignore:
                break
            }
            return nil
        } catch {
            return (ErrorName.failed, error.message)
        }
    }
}

func mprisGetProperty(
    _ context: UnsafeMutableRawPointer?, _ interface: rondo_mpris_interface, _ property: UnsafePointer<CChar>?,
    _ reply: OpaquePointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let context, let property, let reply else { return -EINVAL }
    let service = Unmanaged<MPRISService>.fromOpaque(context).takeUnretainedValue()
    let name = String(cString: property)
    if interface == RONDO_MPRIS_PLAYER, name == "Metadata" {
        return BusMessage.appendDictionary(service.snapshot.metadata, to: reply)
    }
    guard let value = service.property(name, of: interface) else {
        return sd_bus_error_set(error, MPRISService.ErrorName.unknownProperty, name)
    }
    return BusMessage.append(value, to: reply)
}

func mprisSetProperty(
    _ context: UnsafeMutableRawPointer?, _ property: UnsafePointer<CChar>?, _ value: OpaquePointer?,
    _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let context, let property, let value else { return -EINVAL }
    let service = Unmanaged<MPRISService>.fromOpaque(context).takeUnretainedValue()
    return service.setProperty(String(cString: property), value: value, error: error)
}

func mprisCallMethod(
    _ context: UnsafeMutableRawPointer?, _ interface: rondo_mpris_interface, _ member: UnsafePointer<CChar>?,
    _ call: OpaquePointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let context, let member, let call else { return -EINVAL }
    let service = Unmanaged<MPRISService>.fromOpaque(context).takeUnretainedValue()
    return service.callMethod(String(cString: member), of: interface, call: call, error: error)
}
