import Testing

@testable import RondoMPD

/// `list`'s rows in MPD's order: by bytes, value by value, each row once.
@Suite struct MPDListOrderTests {
    @Test func rowsAreSortedValueByValueAndEachIsListedOnce() {
        let rows = [["b", "x"], ["a", "z"], ["a", "y"], ["a", "y"]]
        #expect(MPDCommands.distinctInByteOrder(rows) == [["a", "y"], ["a", "z"], ["b", "x"]])
    }

    /// A value that begins another sorts first, alone or followed by more values.
    @Test func aShorterValueSortsFirst() {
        #expect(MPDCommands.distinctInByteOrder([["ab"], ["a"]]) == [["a"], ["ab"]])
        #expect(MPDCommands.distinctInByteOrder([["ab", "a"], ["a", "z"]]) == [["a", "z"], ["ab", "a"]])
        #expect(MPDCommands.distinctInByteOrder([["x", "b"], ["", "c"], ["x", ""]]) == [["", "c"], ["x", ""], ["x", "b"]])
    }

    /// Bytes, not Unicode's order: capitals before small letters, and text written two
    /// ways (é composed and decomposed) is two values, as MPD keeps them.
    @Test func bytesDecide() {
        #expect(MPDCommands.distinctInByteOrder([["a"], ["B"]]) == [["B"], ["a"]])
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let listed = MPDCommands.distinctInByteOrder([[composed], [decomposed], [composed]])
        #expect(listed.count == 2)
        #expect(listed.map { Array($0[0].utf8) } == [Array(decomposed.utf8), Array(composed.utf8)])
        #expect(MPDCommands.precedesInBytes(decomposed, composed) && !MPDCommands.precedesInBytes(composed, decomposed))
    }
}
