import Foundation

/// The generated audio fixtures (`Tests/Fixtures/make-fixtures.sh`), made on first use into
/// `Tests/Fixtures/generated` (ignored by git; delete it to remake every fixture), and the
/// committed feeds.
public enum Fixtures {
    /// The directory holding the fixtures.
    public static let directory: String = {
        let directory = BuiltProducts.packageRoot + "/Tests/Fixtures/generated"
        let script = BuiltProducts.packageRoot + "/Tests/Fixtures/make-fixtures.sh"
        let status = Subprocess.run(["/bin/bash", script, directory])
        precondition(status == 0, "\(script) failed (status \(status)); are sox, lame, flac, vorbis-tools and opus-tools installed?")
        return directory
    }()

    /// The absolute path of a fixture by file name (`tone440.mp3`).
    public static func path(_ name: String) -> String { directory + "/" + name }

    /// The directory of the committed podcast feeds (`Tests/Fixtures/feeds`), written in
    /// the shapes publishers use.
    public static let feedDirectory = BuiltProducts.packageRoot + "/Tests/Fixtures/feeds"

    /// The bytes of a committed feed by file name (`itunes-show.xml`).
    public static func feed(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: feedDirectory + "/" + name)))
    }
}
