import Testing

@testable import RondoDaemon

/// Which sinks appearing resume playback, and when (`[playback] resume_on_output`).
struct OutputResumeTests {
    @Test func aPatternNamesTheSinks() {
        let resume = OutputResume(pattern: "bluez_sink.*", window: 0)
        #expect(resume.matches("bluez_sink.00_11_22_33_44_55.a2dp_sink"))
        #expect(!resume.matches("alsa_output.pci-0000_00_1f.3.analog-stereo"))
        #expect(!resume.matches("my.bluez_sink"))
        #expect(OutputResume(pattern: "*Car?Kit*", window: 0).matches("usb-CarXKit-01"))
        #expect(OutputResume(pattern: "[ab]_sink", window: 0).matches("b_sink"))
        #expect(!OutputResume(pattern: "[ab]_sink", window: 0).matches("c_sink"))
    }

    @Test func whatARouteLossPausedResumesIfNothingMovedSince() {
        let resume = OutputResume(pattern: "*", window: 0)
        let pause = OutputResume.Pause(entry: 7, position: 42)
        #expect(resume.resumes(lostRoute: pause, entry: 7, position: 42.3, stoppedAt: 100, now: 10_000))
        #expect(!resume.resumes(lostRoute: pause, entry: 8, position: 42, stoppedAt: 100, now: 10_000), "another entry since")
        #expect(!resume.resumes(lostRoute: pause, entry: 7, position: 10, stoppedAt: 100, now: 10_000), "moved since")
        #expect(!resume.resumes(lostRoute: nil, entry: 7, position: 42, stoppedAt: 100, now: 101), "a plain stop, no window")
    }

    @Test func aStopWithinTheWindowResumesToo() {
        let resume = OutputResume(pattern: "*", window: 300)
        #expect(resume.resumes(lostRoute: nil, entry: 1, position: 0, stoppedAt: 100, now: 400))
        #expect(!resume.resumes(lostRoute: nil, entry: 1, position: 0, stoppedAt: 100, now: 401))
        #expect(!resume.resumes(lostRoute: nil, entry: nil, position: 0, stoppedAt: 100, now: 101), "nothing queued")
        #expect(!resume.resumes(lostRoute: nil, entry: 1, position: 0, stoppedAt: nil, now: 101), "never stopped")
    }
}
