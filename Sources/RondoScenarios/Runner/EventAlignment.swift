import Focus

/// Lines up an expected and an actual list of events for a side-by-side comparison.
enum EventAlignment {
    /// One row of the comparison: events on either side or both.
    struct Pair {
        let expected: ScenarioEvent?
        let actual: ScenarioEvent?
        /// Whether both sides hold matching events.
        let matches: Bool
    }

    /// The rows: a longest common subsequence of matching events (``ScenarioEvent/matches(_:)``)
    /// pairs them up, and between two matches the unmatched events of each side are set
    /// beside each other in order, so that one event replaced by another shows on one row.
    static func pairs(_ expected: [ScenarioEvent], _ actual: [ScenarioEvent]) -> [Pair] {
        let common = commonLengths(expected, actual)
        var pairs: [Pair] = []
        var onlyExpected: [ScenarioEvent] = []
        var onlyActual: [ScenarioEvent] = []
        func flush() {
            for index in 0..<max(onlyExpected.count, onlyActual.count) {
                pairs.append(
                    Pair(
                        expected: index < onlyExpected.count ? onlyExpected[index] : nil,
                        actual: index < onlyActual.count ? onlyActual[index] : nil, matches: false))
            }
            onlyExpected = []
            onlyActual = []
        }
        var (left, right) = (0, 0)
        while left < expected.count || right < actual.count {
            if left < expected.count, right < actual.count, expected[left].matches(actual[right]) {
                flush()
                pairs.append(Pair(expected: expected[left], actual: actual[right], matches: true))
                (left, right) = (left + 1, right + 1)
            } else if right == actual.count
                || (left < expected.count && common[left + 1][right] >= common[left][right + 1])
            {
                onlyExpected.append(expected[left])
                left += 1
            } else {
                onlyActual.append(actual[right])
                right += 1
            }
        }
        flush()
        return pairs
    }

    /// `lengths[i][j]`: the length of the longest common subsequence of `expected[i...]`
    /// and `actual[j...]`.
    private static func commonLengths(_ expected: [ScenarioEvent], _ actual: [ScenarioEvent]) -> [[Int]] {
        var lengths = Array(repeating: Array(repeating: 0, count: actual.count + 1), count: expected.count + 1)
        for left in expected.indices.reversed() {
            for right in actual.indices.reversed() {
                lengths[left][right] =
                    expected[left].matches(actual[right])
                    ? lengths[left + 1][right + 1] + 1 : max(lengths[left + 1][right], lengths[left][right + 1])
            }
        }
        return lengths
    }
}
