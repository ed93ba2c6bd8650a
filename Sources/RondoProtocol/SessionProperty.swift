/// The PulseAudio stream property that ties a stream to an audio session.
///
/// `rondo session exec` puts it into the command's `PULSE_PROP`; the daemon sets it on its
/// own streams. The daemon ducks and mutes the sink inputs that carry it.
public enum SessionProperty {
    /// The property's name.
    public static let name = "rondo.session.id"
}
