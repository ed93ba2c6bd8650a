#!/usr/bin/env bash
# Runs the whole test suite: installs missing apt packages (or prints the apt-get line),
# builds, and runs every test (the MP3 fixtures are made on first use). Tests that play audio
# start their own private audio server, so no running server is needed: PulseAudio first,
# then, when PipeWire, WirePlumber and pipewire-pulse are installed and no filter was given,
# the tests that play audio (the Audio and Integration targets) again on PipeWire. Without a
# filter, the head-unit view's browser tests run too (headless Chromium through Selenium).
#
# scripts/test.sh --fast runs the fast lane instead: the pure and unit suites, with no audio
# server, browser, daemon process or fuzz guard (the Integration target and the suites
# marked `.fullLane`, see Sources/RondoTesting/TestLane.swift), in about a minute after a
# build. Further arguments go to `swift test` in both lanes.
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
trap 'rm -rf "$TMPDIR"' EXIT
swift build --build-tests
if $fast; then
  RONDO_TEST_LANE=fast swift test --skip-build --skip 'IntegrationTests\.' "$@"
  exit 0
fi
swift test --skip-build "$@"
if [ $# -eq 0 ]; then
  echo "rondo: the head-unit view in a browser (screenshots in .build/test-artifacts/view)" >&2
  RONDO_BIN="$root/.build/debug" /usr/bin/python3 "$root/Tests/Browser/view_test.py"
fi
if [ $# -eq 0 ] && command -v pipewire >/dev/null && command -v wireplumber >/dev/null &&
  command -v pipewire-pulse >/dev/null; then
  echo "rondo: the audio tests again, on PipeWire" >&2
  RONDO_TEST_AUDIO_SERVER=pipewire swift test --skip-build --filter 'AudioTests\.|IntegrationTests\.'
fi
