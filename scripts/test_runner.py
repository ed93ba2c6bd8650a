#!/usr/bin/env python3
"""Runs one lane of the test suite: the test binary's tests as many processes at once.

Swift Testing runs a process's tests on a pool of one thread per core, and most of Rondo's
integration tests spend their time blocked (a daemon answering, a server starting, a
monitor recording), so in one process on two cores two tests at a time hold the machine
while it idles. This runner lists the tests and runs them as units, JOBS processes at a
time, the longest first:

- every test of the Integration target, and of each suite tagged `audioServer` or `fuzz`,
  is a unit of its own, except that a suite marked `.serialized` is one unit, so its tests
  still never overlap;
- the rest of each target (pure and unit suites, quick and parallel within) is one unit.

Units of tests tagged `dependsOnAudioServer` (their ears are timed) run at the usual
priority, at most cores + 1 of them at a time (each brings its own audio server, daemon
and recorder, which must all keep up in real time); every other unit runs at a lower
priority (nice 10) in the remaining places, so the CPU goes first to the tests that listen.

Each unit is the binary run with a filter naming exactly its tests. The runner checks that
every test listed ran (or was skipped by its own condition) exactly once, prints each
failed unit's whole output, and writes each unit's wall time to the durations file, which
orders the next run and feeds the timing report (scripts/test_timing.py).

Usage: test_runner.py --binary BIN --lane NAME --log-dir DIR [--jobs N] [--tag TAG]
                      [--only REGEX] [--durations FILE] [--seed-durations FILE]

--tag TAG keeps only the tests carrying that tag (on the test or a suite around it);
--only REGEX only the tests whose ID (`Target.Suite/test()`) it matches. --durations FILE
is read to order the run and written after it; --seed-durations FILE (committed, from a run
on a two-core machine) orders the units FILE has never timed, so a fresh checkout starts
its longest tests first too.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time

# A unit that runs longer than this is stopped and fails: a hang must not hold CI for
# its 90 minutes.
UNIT_TIME_LIMIT = 15 * 60
HEAVY_TAGS = {".audioServer", ".fuzz"}
HEAVY_MODULES = {"IntegrationTests"}
TIMED_TAG = ".dependsOnAudioServer"
# A failed unit's output is printed whole, but a line longer than this (a test printing
# a buffer it compared) is cut.
LONGEST_LINE = 2_000


class Test:
    """A test function or a suite, as the binary lists it."""

    def __init__(self, record):
        self.kind = record["kind"]
        location = record.get("sourceLocation", {})
        self.file = location.get("_filePath", "")
        self.line = location.get("line", 0)
        self.tags = set(record.get("_tags", []))
        raw = record["id"]
        # A function's ID ends in its source location (`/File.swift:12:6`).
        self.id = raw.rsplit("/", 1)[0] if self.kind == "function" else raw
        self.parent = self.id.rsplit("/", 1)[0] if "/" in self.id else None
        self.module = self.id.split(".", 1)[0]


def list_tests(binary, log_dir):
    """Every suite and function of the binary, with their tags, by ID."""
    stream = os.path.join(log_dir, "list.jsonl")
    env = dict(os.environ, SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED="1")
    subprocess.run(
        [binary, "--testing-library", "swift-testing", "--list-tests",
         "--event-stream-output-path", stream, "--event-stream-version", "0"],
        env=env, stdout=subprocess.DEVNULL, check=True)
    tests = {}
    with open(stream, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            if record.get("kind") == "test":
                test = Test(record["payload"])
                tests[test.id] = test
    return tests


class SourceAttributes:
    """Reads whether a suite's `@Suite(...)` attribute in its source marks it `.serialized`."""

    def __init__(self):
        self.files = {}

    def serialized(self, test):
        if not test.file:
            return False
        if test.file not in self.files:
            with open(test.file, encoding="utf-8") as source:
                self.files[test.file] = source.read().split("\n")
        lines = self.files[test.file][test.line - 1:]
        if not lines or not lines[0].lstrip().startswith("@Suite"):
            return False
        text, depth = "", 0
        for line in lines:
            text += line
            depth += line.count("(") - line.count(")")
            if depth <= 0:
                break
        return ".serialized" in text


def ancestors(test, tests):
    """The suites around `test`, innermost first."""
    found = []
    parent = test.parent
    while parent is not None and parent in tests:
        found.append(tests[parent])
        parent = tests[parent].parent
    return found


class Unit:
    """Tests run together in one process."""

    def __init__(self, name, functions):
        self.name = name
        self.functions = functions
        self.timed = False
        self.seconds = None
        self.status = None
        self.ran = set()
        self.log = None

    def filter(self):
        return "|".join("^" + re.escape(function) + "/" for function in self.functions)


def plan(tests, tag, only=None):
    """The units of the run: see the module's description."""
    attributes = SourceAttributes()
    units = {}
    for test in tests.values():
        if test.kind != "function":
            continue
        around = ancestors(test, tests)
        tags = test.tags.union(*(suite.tags for suite in around))
        if tag is not None and tag not in tags:
            continue
        if only is not None and not re.search(only, test.id):
            continue
        serialized = [suite for suite in around if attributes.serialized(suite)]
        if serialized:
            name = serialized[-1].id
        elif test.module in HEAVY_MODULES or tags & HEAVY_TAGS:
            name = test.id
        else:
            name = test.module + " (the rest)"
        units.setdefault(name, Unit(name, []))
        units[name].functions.append(test.id)
        units[name].timed = units[name].timed or TIMED_TAG in tags
    return list(units.values())


def read_durations(path):
    """The seconds each unit took when it last ran, by name ({} before any run)."""
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError):
        return {}


def estimate(unit, durations):
    """The expected seconds of `unit`: its last time, else a guess by its size."""
    if unit.name in durations:
        return durations[unit.name]
    return 5.0 * len(unit.functions) if not unit.name.endswith(" (the rest)") else 20.0


def results(stream_path, unit):
    """The functions of `unit` the event stream says ended or were skipped."""
    ran = set()
    try:
        with open(stream_path, encoding="utf-8") as lines:
            for line in lines:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                payload = record.get("payload", {})
                kind = payload.get("kind")
                if record.get("kind") != "event" or kind not in ("testEnded", "testSkipped"):
                    continue
                test_id = payload.get("testID", "")
                if test_id.rsplit("/", 1)[0] in unit.functions:
                    ran.add(test_id.rsplit("/", 1)[0])
                elif kind == "testSkipped":
                    # A skipped suite skips every test in it without a word for each.
                    ran.update(f for f in unit.functions if f.startswith(test_id + "/"))
    except OSError:
        pass
    return ran


class LaneRun:
    """A lane's units run JOBS processes at a time, in the order given; one line per unit."""

    def __init__(self, units, binary, jobs, log_dir, lane):
        self.units, self.binary, self.jobs, self.log_dir, self.lane = units, binary, jobs, log_dir, lane
        self.timed_jobs = min(jobs, (os.cpu_count() or 1) + 1)
        self.running = {}
        self.started = time.monotonic()

    def next_unit(self, waiting):
        """The first waiting unit that may start now: a timed one only while fewer than
        `timed_jobs` run."""
        timed = sum(unit.timed for unit, _, _ in self.running.values())
        return next((unit for unit in waiting if not unit.timed or timed < self.timed_jobs), None)

    def run(self):
        waiting = list(self.units)
        try:
            while waiting or self.running:
                while len(self.running) < self.jobs and (unit := self.next_unit(waiting)) is not None:
                    waiting.remove(unit)
                    self.start(unit)
                self.finish(self.wait_for_one())
        finally:
            # Interrupted (Ctrl-C, a signal): the units run in sessions of their own, which
            # no terminal's signal reaches, so they are stopped here.
            for process in self.running:
                if process.poll() is None:
                    os.killpg(process.pid, signal.SIGKILL)

    def start(self, unit):
        index = self.units.index(unit)
        unit.log = os.path.join(self.log_dir, f"{index:04d}.log")
        stream = os.path.join(self.log_dir, f"{index:04d}.jsonl")
        with open(unit.log, "w", encoding="utf-8") as log:
            process = subprocess.Popen(
                [self.binary, "--testing-library", "swift-testing", "--filter", unit.filter(),
                 "--event-stream-output-path", stream, "--event-stream-version", "0"],
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                preexec_fn=None if unit.timed else lambda: os.nice(10))
        self.running[process] = (unit, time.monotonic(), stream)

    def wait_for_one(self):
        """The first process to end, or to pass the time limit (then stopped)."""
        while True:
            for process, (unit, started, _) in self.running.items():
                if process.poll() is not None:
                    return process
                if time.monotonic() - started > UNIT_TIME_LIMIT:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
                    with open(unit.log, "a", encoding="utf-8") as log:
                        log.write(f"\nrondo: stopped after {UNIT_TIME_LIMIT} s\n")
                    return process
            time.sleep(0.05)

    def finish(self, process):
        unit, started, stream = self.running.pop(process)
        unit.seconds = time.monotonic() - started
        unit.status = process.returncode
        unit.ran = results(stream, unit)
        mark = "✔" if unit.status == 0 and len(unit.ran) == len(unit.functions) else "✘"
        elapsed = time.monotonic() - self.started
        print(f"{mark} [{self.lane} {elapsed:5.0f}s] {unit.name} ({len(unit.functions)} tests, "
              f"{unit.seconds:.1f} s)", flush=True)


def main():
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(143))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--lane", required=True)
    parser.add_argument("--log-dir", required=True)
    parser.add_argument("--jobs", type=int, default=2 * (os.cpu_count() or 1) + 1)
    parser.add_argument("--tag")
    parser.add_argument("--only")
    parser.add_argument("--durations")
    parser.add_argument("--seed-durations")
    arguments = parser.parse_args()
    os.makedirs(arguments.log_dir, exist_ok=True)
    tests = list_tests(arguments.binary, arguments.log_dir)
    units = plan(tests, arguments.tag, arguments.only)
    if not units:
        print(f"rondo: no test in the {arguments.lane} lane"
              + (f" carries the tag {arguments.tag}" if arguments.tag else ""), file=sys.stderr)
        return 1
    durations = read_durations(arguments.seed_durations) if arguments.seed_durations else {}
    durations.update(read_durations(arguments.durations) if arguments.durations else {})
    units.sort(key=lambda unit: -estimate(unit, durations))
    count = sum(len(unit.functions) for unit in units)
    print(f"rondo: the {arguments.lane} lane: {count} tests in {len(units)} processes, "
          f"{arguments.jobs} at a time", flush=True)
    LaneRun(units, arguments.binary, arguments.jobs, arguments.log_dir, arguments.lane).run()
    failed = [unit for unit in units if unit.status != 0 or len(unit.ran) != len(unit.functions)]
    for unit in failed:
        print(f"\n━━ {unit.name}: exit status {unit.status}", file=sys.stderr)
        for function in sorted(set(unit.functions) - unit.ran):
            print(f"   not run: {function}", file=sys.stderr)
        with open(unit.log, encoding="utf-8", errors="replace") as log:
            for line in log:
                cut = len(line) > LONGEST_LINE
                sys.stderr.write(line[:LONGEST_LINE] + (" …(cut)\n" if cut else ""))
    if arguments.durations:
        merged = read_durations(arguments.durations)
        merged.update({unit.name: round(unit.seconds, 2) for unit in units})
        with open(arguments.durations, "w", encoding="utf-8") as file:
            json.dump(merged, file, indent=0, sort_keys=True)
    with open(os.path.join(arguments.log_dir, "units.tsv"), "w", encoding="utf-8") as table:
        for unit in units:
            table.write(f"{unit.name}\t{unit.seconds:.2f}\t{len(unit.functions)}\t{unit.status}\n")
    ran = sum(len(unit.ran) for unit in units)
    verdict = "failed" if failed else "passed"
    print(f"rondo: the {arguments.lane} lane {verdict}: {ran} of {count} tests ran, "
          f"{len(failed)} of {len(units)} processes failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
