import Foundation
import Testing

/// Suites that start their own private servers run their tests in parallel; one that runs
/// them one after another says why, with `.serialized(reason)`, never the bare trait.
@Suite struct SerializedReasonTests {
    /// Every `.serialized` in the test targets carries a reason.
    @Test func everySerializedSuiteSaysWhy() throws {
        var bare: [String] = []
        var reasoned = 0
        for file in try AudioServerLaneTests.testFiles() {
            for piece in file.text.components(separatedBy: ".serialized").dropFirst() {
                if piece.hasPrefix("(\"") && piece.dropFirst(2).prefix(while: { $0 != "\"" }).count >= 12 {
                    reasoned += 1
                } else {
                    bare.append(file.path.components(separatedBy: "/Tests/").last ?? file.path)
                }
            }
        }
        #expect(reasoned > 10, "the scan found only \(reasoned) serialized suites")
        #expect(bare.isEmpty, ".serialized without a reason in:\n\(bare.joined(separator: "\n"))")
    }
}
