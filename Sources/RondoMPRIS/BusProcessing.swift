import CSDBus

/// What a thread that owns an sd-bus connection does with it between two `poll`s.
enum BusProcessing {
    /// Handles everything the bus has for its owner; `false` when the connection is gone.
    static func drain(_ bus: OpaquePointer) -> Bool {
        while true {
            let result = sd_bus_process(bus, nil)
            if result < 0 { return false }
            if result == 0 { return true }
        }
    }
}
