public import Spawning

/// Why a ``MonitorCapture`` could not record.
public enum MonitorCaptureError: Error, CustomStringConvertible {
    /// `parec` could not be started.
    case cannotStart(ChildProcessError)
    /// Nothing arrived from the source (named) in time.
    case silent(String)
    /// `parec` stopped delivering samples from the source (named).
    case stopped(String)

    /// What went wrong and what to check.
    public var description: String {
        switch self {
        case .cannotStart(let error): "\(error); is it installed?"
        case .silent(let source): "parec recorded nothing from \(source); is PulseAudio running?"
        case .stopped(let source): "parec stopped recording \(source); is PulseAudio running?"
        }
    }
}
