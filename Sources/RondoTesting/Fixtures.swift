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

    /// A 5×4 mid-grey baseline JPEG: JFIF, a flat quantisation table, SOF0, one-code
    /// Huffman tables and a scan of one all-zero block.
    public static let coverJPEG: [UInt8] = Array(
        ([
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
            [0xFF, 0xDB, 0x00, 0x43, 0x00], [UInt8](repeating: 0x01, count: 64),
            [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x04, 0x00, 0x05, 0x01, 0x01, 0x11, 0x00],
            [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01], [UInt8](repeating: 0x00, count: 16),
            [0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01], [UInt8](repeating: 0x00, count: 16),
            [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x3F, 0xFF, 0xD9],
        ] as [[UInt8]]).joined())
}
