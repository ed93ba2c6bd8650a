import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Command {
    /// `view`: the head-unit view's address with its token.
    static let view = Command(
        name: ["view"], arguments: "",
        summary: "Print the address of the head-unit view, its token included, to open in a browser."
    ) { global, arguments throws(CLIFailure) in
        guard arguments.isEmpty else { throw CLIFailure.usage("view takes no arguments") }
        let info = try global.call(Methods.DaemonInfoMethod.self, Empty())
        guard let view = info.view else {
            throw CLIFailure.domain("the head-unit view is off; set listen in [view] of rondo.toml and restart rondod")
        }
        let tokenFile =
            (info.socket.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            + ["view-token"]).joined(separator: "/")
        guard let data = FileManager.default.contents(atPath: tokenFile),
            let token = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).first
        else {
            throw CLIFailure.domain("cannot read the view's token in \(tokenFile); run rondo as the user who runs rondod")
        }
        print("http://\(view.address)/?token=\(token)")
    }
}
