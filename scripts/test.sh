#!/usr/bin/env bash
# Runs the whole test suite: installs missing apt packages (or prints the apt-get line),
# makes (or copies from the cache) the audio fixtures, builds, and runs every test. Tests that
# play audio start their own private audio server, so no running server is needed.
#
# The lanes (docs/TESTING.md):
#   PulseAudio  every test, many processes at once (scripts/test_runner.py);
#   browser     the head-unit view in headless Chromium through Selenium;
#   PipeWire    the tests tagged `dependsOnAudioServer` again, on PipeWire, WirePlumber and
#               pipewire-pulse (when they are installed).
# Every run ends with its timing (scripts/test_timing.py): each lane's wall time and the 25
# slowest tests, also when a lane failed.
#
# scripts/test.sh --fast runs the fast lane instead: the pure and unit suites, with no audio
# server, browser, daemon process or fuzz guard (the Integration target and the suites
# marked `.fullLane`, see Sources/RondoTesting/TestLane.swift), in well under a minute after
# a build. scripts/test.sh with arguments runs `swift test` with them, in one process (for a
# filter: `scripts/test.sh --filter MPRISTests`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fast=false
if [ "${1:-}" = --fast ]; then
  fast=true
  shift
fi
# shellcheck source=scripts/lib.sh
. "$root/scripts/lib.sh"

ensure_packages "${RUNTIME_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
cd "$root"
# Every temporary file of the run goes in one directory removed at the end: the tests'
# own directories and those the package manager makes for itself and does not remove.
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/rondo-tests.XXXXXX")
export TMPDIR
# Some tests run rondod and rondo as another user (root reads every file), which must reach
# their directories through this one.
chmod 0755 "$TMPDIR"
lanes="$TMPDIR/lanes.tsv"
: >"$lanes"
trap '/usr/bin/python3 "$root/scripts/test_timing.py" "$lanes"; rm -rf "$TMPDIR"' EXIT

# lane NAME UNITS COMMAND...: runs one lane and notes its wall time, and the file where the
# test runner wrote each unit's time (`-` for none).
lane() {
  local name=$1 units=$2 started status=0
  shift 2
  started=$(date +%s)
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - started))" "$units" >>"$lanes"
  return "$status"
}

# runner LANE ARGUMENTS...: the test runner on the built test binary, for one lane.
runner() {
  local name=$1
  shift
  /usr/bin/python3 "$root/scripts/test_runner.py" --binary "$root/.build/debug/RondoPackageTests.xctest" \
    --lane "$name" --log-dir "$TMPDIR/lanes/$name" --durations "$root/.build/test-durations.json" \
    --seed-durations "$root/Tests/test-durations.json" "$@"
}

prepare_fixtures
swift build --build-tests
if $fast; then
  if [ $# -gt 0 ]; then
    RONDO_TEST_LANE=fast lane fast - swift test --skip-build --skip 'IntegrationTests\.' "$@"
    exit 0
  fi
  # As the full lanes: many processes at once, so a suite blocked on a wait (a server, a
  # subprocess) leaves the cores to the others.
  RONDO_TEST_LANE=fast lane fast "$TMPDIR/lanes/fast/units.tsv" runner fast --only '^(?!IntegrationTests\.)'
  exit 0
fi
if [ $# -gt 0 ]; then
  lane "swift test $*" - swift test --skip-build "$@"
  exit 0
fi
lane PulseAudio "$TMPDIR/lanes/PulseAudio/units.tsv" runner PulseAudio
echo "rondo: the head-unit view in a browser (screenshots in .build/test-artifacts/view)" >&2
RONDO_BIN="$root/.build/debug" lane browser - /usr/bin/python3 "$root/Tests/Browser/view_test.py"
if command -v pipewire >/dev/null && command -v wireplumber >/dev/null && command -v pipewire-pulse >/dev/null; then
  echo "rondo: the tests that depend on the audio server again, on PipeWire" >&2
  RONDO_TEST_AUDIO_SERVER=pipewire lane PipeWire "$TMPDIR/lanes/PipeWire/units.tsv" \
    runner PipeWire --tag .dependsOnAudioServer
fi
