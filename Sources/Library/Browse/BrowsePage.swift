/// A page of a container's children, as `library.children` returns it.
public struct BrowsePage: Equatable, Sendable {
    /// The children in the page, in the list's order.
    public var items: [BrowseItem]
    /// How many children the container really has, whatever the page and the limits.
    public var total: Int
    /// Whether the content limits cut items that the page would otherwise have held.
    public var limited: Bool

    /// Creates a page.
    public init(items: [BrowseItem], total: Int, limited: Bool) {
        self.items = items
        self.total = total
        self.limited = limited
    }
}
