import Foundation

/// The generated MP3 fixtures (`Tests/Fixtures/make-fixtures.sh`), made on first use into
/// `Tests/Fixtures/generated` (ignored by git; delete it to remake every fixture).
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
}
