/// The file name extensions of the audio formats Rondo scans and plays, lowercased, without
/// the dot: MP3, FLAC, Ogg Vorbis and Opus, MPEG-4 audio (`m4a`, `m4b`, `mp4`) and raw AAC.
/// The scanner looks only at files named so; the reader then goes by the content.
public enum AudioFileExtensions {
    /// Every extension, in no particular order.
    public static let all: Set<String> = ["mp3", "flac", "ogg", "oga", "opus", "m4a", "m4b", "mp4", "aac"]
}
