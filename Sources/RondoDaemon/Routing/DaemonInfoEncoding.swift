import RondoProtocol
import Synchronization

/// `daemon.info`'s answer, encoded once as a template with its uptime left open, and
/// written with each request's uptime until another field changes (the audio server
/// connects, the view starts listening, a reload changes the policy).
///
/// Ownership: the last template is guarded by its mutex; any request reads it.
final class DaemonInfoEncoding: Sendable {
    private static let uptime = EncodedJSONTemplate.OpenMember(key: "uptime", marker: 1.25e300)

    private let codec = JSONRPCCodec()
    /// The last answer with the uptime marker in it, and its template.
    private let last = Mutex<(marked: DaemonInfo, template: EncodedJSONTemplate)?>(nil)

    /// Creates an encoding with no template yet.
    init() {}

    /// `info` encoded: its template filled with its uptime, or a full encoding when no
    /// template can be made of it.
    /// - Throws: ``RPCError/internalError(_:)`` when it cannot be encoded.
    func encoded(_ info: DaemonInfo) throws(RPCError) -> EncodedJSON {
        var marked = info
        marked.uptime = Self.uptime.marker
        if let kept = last.withLock({ $0 }), kept.marked == marked {
            return try kept.template.filled(with: [info.uptime])
        }
        guard let template = try codec.encodeTemplate(marked, openMembers: [Self.uptime]) else { return try codec.encodeResult(info) }
        last.withLock { $0 = (marked, template) }
        return try template.filled(with: [info.uptime])
    }
}
