import Library

/// Every item of a tree, reached by listing children from the root down, limits off.
enum TreeWalk {
    /// One item found on the walk.
    struct Visit {
        var path: [Int]
        var item: BrowseItem
        /// What `children(of: path)` returned.
        var children: BrowsePage
    }

    static func visits(_ tree: BrowseTree, from path: [Int] = []) throws -> [Visit] {
        let page = try tree.children(of: path, limits: .default)
        var found: [Visit] = []
        for (index, item) in page.items.enumerated() {
            let childPath = path + [index]
            let below = try tree.children(of: childPath, limits: .default)
            found.append(Visit(path: childPath, item: item, children: below))
            found += try visits(tree, from: childPath)
        }
        return found
    }
}

/// Index paths written as the CLI writes them, for tables and messages.
func dotted(_ path: [Int]) -> String { path.map(String.init).joined(separator: ".") }

/// `"0.0.1"` as `[0, 0, 1]`; `""` as the root.
func indexPath(_ text: String) -> [Int] {
    text.isEmpty ? [] : text.split(separator: ".").map { Int($0)! }
}
