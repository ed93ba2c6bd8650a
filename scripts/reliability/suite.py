"""Runs the reliability suite: each test prints one summary line; the table of the run goes
to docs/RELIABILITY.md. Exit status 1 when any test fails."""

import argparse
import datetime
import os
import shutil
import sys
import threading
import time
import traceback

import crashes
import files
import load
import memory
import network
import protocol
import storm
from rig import ROOT


def pipewire_available():
    return all(shutil.which(tool) for tool in ("pipewire", "wireplumber", "pipewire-pulse", "dbus-daemon"))


TESTS = [
    ("fuzz", protocol.fuzz),
    ("extremes", protocol.extremes),
    ("kills", crashes.kills),
    ("restarts-pulseaudio", lambda s: crashes.restarts(s, "pulseaudio")),
    ("restarts-pipewire", lambda s: crashes.restarts(s, "pipewire") if pipewire_available()
     else (None, "SKIP: pipewire, wireplumber or pipewire-pulse is not installed", "PipeWire restarts")),
    ("clients", load.clients),
    ("bad-files", files.bad_files),
    ("databases", files.databases),
    ("two-daemons", files.two_daemons),
    ("full-disk", files.full_disk),
    ("soak", load.soak),
    ("memory-cycles", memory.cycles),
    ("chime-storm", storm.chime_storm),
    ("network", network.network),
]
# Tests that run on a thread of their own beside the others from the start: long, and
# measuring what another test's load cannot change (memory after cycles).
BESIDE = {"memory-cycles"}
# Tests that wait until every other has ended: they measure latency, which another test's
# load would change.
ALONE = {"network"}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ci", action="store_true", help="smaller counts and a 60 s soak (about 5 minutes in all)")
    parser.add_argument("--seed", type=int, default=20261124, help="the seed of every random choice")
    parser.add_argument("--only", help="comma-separated test names: " + ", ".join(name for name, _ in TESTS))
    parser.add_argument("--table", default=os.path.join(ROOT, "docs", "RELIABILITY.md"),
                        help="where the Markdown table goes ('-' for none)")
    settings = parser.parse_args()
    chosen = settings.only.split(",") if settings.only else [name for name, _ in TESTS]
    unknown = set(chosen) - {name for name, _ in TESTS}
    if unknown:
        parser.error(f"unknown tests: {', '.join(sorted(unknown))}")
    rows = {}
    started = time.time()

    def run(name, test):
        begun = time.time()
        try:
            ok, summary, tried = test(settings)
        except Exception as error:
            ok, summary, tried = False, f"ERROR {error!r}", name
            traceback.print_exc()
        verdict = "SKIP" if ok is None else ("PASS" if ok else "FAIL")
        seconds = time.time() - begun
        print(f"{name}: {verdict}  {summary}  ({seconds:.0f} s)", flush=True)
        rows[name] = (name, tried, verdict, summary, seconds)

    beside = [threading.Thread(target=run, args=(name, test)) for name, test in TESTS
              if name in chosen and name in BESIDE]
    for thread in beside:
        thread.start()
    for name, test in TESTS:
        if name in chosen and name not in BESIDE:
            if name in ALONE:
                for thread in beside:
                    thread.join()
            run(name, test)
    for thread in beside:
        thread.join()
    rows = [rows[name] for name, _ in TESTS if name in rows]
    failed = sum(row[2] == "FAIL" for row in rows)
    total = time.time() - started
    print(f"{len(rows) - failed} of {len(rows)} passed or skipped, {failed} failed, in {total:.0f} s")
    if settings.table != "-":
        write_table(settings, rows, total)
    return 1 if failed else 0


def write_table(settings, rows, total):
    mode = "--ci" if settings.ci else "full"
    lines = [
        "# Reliability",
        "",
        "What `scripts/reliability.sh` tried on a real rondod (release build), its private audio",
        "servers, sockets and databases, and what it found. Every row is one test; counts are",
        "those of the run below. Regenerate with `scripts/reliability.sh` (full) or",
        "`scripts/reliability.sh --ci` (the smaller run CI makes).",
        "",
        f"Run: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, mode {mode}, seed {settings.seed}, "
        f"{total:.0f} s.",
        "",
        "| test | what was tried | result | counts | time |",
        "|---|---|---|---|---|",
    ]
    for name, tried, verdict, summary, seconds in rows:
        lines.append(f"| {name} | {tried} | {verdict} | {summary.replace('|', '/')} | {seconds:.0f} s |")
    with open(settings.table, "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
