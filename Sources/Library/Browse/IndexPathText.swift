/// How index paths are written in messages and in the commands they suggest.
enum IndexPathText {
    /// `[0, 9]` as `0.9`; the root as `the root`.
    static func dotted(_ path: [Int]) -> String {
        path.isEmpty ? "the root" : path.map(String.init).joined(separator: ".")
    }

    /// The command that lists the children of the item at `path`.
    static func browseCommand(_ path: [Int]) -> String {
        path.isEmpty ? "rondo browse" : "rondo browse \(dotted(path))"
    }
}
