import CFFmpeg

/// FFmpeg's own log, which would write its remarks about every file it reads ("bytes of
/// comment header remain", damaged packets) to the daemon's standard error, the journal.
/// The daemon says what went wrong in its own words (a decode error's reason, a library
/// problem), so FFmpeg's log is off for the whole process, once, before FFmpeg first reads.
enum FFmpegLog {
    /// Evaluated once, by whichever reader comes first.
    static let silenced: Void = av_log_set_level(AV_LOG_QUIET)
}
