#!/usr/bin/env bash
# The reliability suite: protocol fuzz, extreme numbers, kill -9, audio-server restarts on
# PulseAudio and PipeWire, 1,000 clients, special files, damaged databases, two daemons, a
# full disk, a soak, a storm of other programs' chimes and network faults through rondod,
# each on private servers, sockets and databases, against a release build (or the binaries
# in RONDO_BIN). One summary line per test; the table goes to docs/RELIABILITY.md.
# Usage: scripts/reliability.sh [--ci] [--seed N] [--only NAME,NAME] [--table FILE|-]
# The full run takes about 24 minutes (a 10-minute soak); --ci about 5 (the memory cycles run
# beside the other tests, the latency measures alone at the end).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/lib.sh
. "$root/scripts/lib.sh"

ensure_packages "${RUNTIME_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
cd "$root"
# RONDO_BIN names other binaries (CI passes the debug build it has just tested).
if [ -z "${RONDO_BIN:-}" ]; then
  swift build -c release --product rondod >&2
  export RONDO_BIN=$root/.build/release
fi
bash Tests/Fixtures/make-fixtures.sh >&2
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/rondo-reliability.XXXXXX")
export TMPDIR
# One test runs a daemon as another user (root reads every file), which must reach its work
# directory through this one.
chmod 0755 "$TMPDIR"
trap 'rm -rf "$TMPDIR"' EXIT
/usr/bin/python3 "$root/scripts/reliability/suite.py" "$@"
