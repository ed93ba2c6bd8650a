#!/usr/bin/env python3
"""Prints the timing of a run of scripts/test.sh: each lane's wall time and tests, then the
slowest tests of all lanes.

Usage: test_timing.py LANES_FILE [COUNT]

LANES_FILE has one line per lane run, `NAME<TAB>SECONDS<TAB>UNITS_FILE`. UNITS_FILE is the
table scripts/test_runner.py wrote for the lane (`NAME<TAB>SECONDS<TAB>TESTS<TAB>STATUS` per
process it ran), or `-` for a lane the runner did not run. A process of one test times that
test; a suite marked `.serialized` runs its tests one after another in one process, and its
line is the suite's. COUNT is how many of the slowest to list (25).
"""

import sys


def units_of(path):
    """The (name, seconds, tests) of every process of a lane."""
    try:
        with open(path, encoding="utf-8") as lines:
            rows = [line.rstrip("\n").split("\t") for line in lines if line.strip()]
    except OSError:
        return None
    return [(name, float(seconds), int(tests)) for name, seconds, tests, _ in rows]


def main():
    lanes_file = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    with open(lanes_file, encoding="utf-8") as lines:
        lanes = [line.rstrip("\n").split("\t") for line in lines if line.strip()]
    if not lanes:
        return
    slowest = []
    out = sys.stderr
    print("rondo: the timing of this run", file=out)
    print(f"  {'lane':<28} {'wall':>7} {'tests':>6} {'processes':>10}", file=out)
    for name, seconds, units_file in lanes:
        units = units_of(units_file) if units_file != "-" else None
        tests = str(sum(unit[2] for unit in units)) if units else "-"
        processes = str(len(units)) if units else "-"
        print(f"  {name:<28} {float(seconds):>6.0f}s {tests:>6} {processes:>10}", file=out)
        slowest += [(seconds_of, name, unit, tests_of) for unit, seconds_of, tests_of in units or []]
    print(f"  {'all lanes':<28} {sum(float(lane[1]) for lane in lanes):>6.0f}s", file=out)
    if slowest:
        slowest.sort(reverse=True)
        print(f"rondo: the {min(count, len(slowest))} slowest tests (a serialized suite or a "
              "target's quick rest: all its tests)", file=out)
        for seconds, lane, unit, tests in slowest[:count]:
            shown = unit if tests == 1 else f"{unit} ({tests} tests)"
            print(f"  {seconds:>6.1f}s  {lane:<10} {shown}", file=out)


if __name__ == "__main__":
    main()
