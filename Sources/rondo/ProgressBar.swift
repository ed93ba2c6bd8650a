import Glibc

/// A one-line progress bar on standard error, redrawn in place; silent when not enabled
/// (output is not a terminal, or JSON was asked for).
final class ProgressBar {
    /// Whether it draws anything.
    let enabled: Bool
    private var drawn = false
    private static let width = 30

    /// Creates a bar.
    init(enabled: Bool) { self.enabled = enabled }

    /// Draws `done` of `total`.
    func show(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        let filled = min(Self.width, Self.width * done / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        draw("\r[\(bar)] \(done)/\(total) files")
        drawn = true
    }

    /// Erases the bar.
    func clear() {
        guard drawn else { return }
        draw("\r\u{1B}[2K")
        drawn = false
    }

    private func draw(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }
}
