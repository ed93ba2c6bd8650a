#!/usr/bin/env bash
# Runs the whole test suite: installs missing apt packages (or prints the apt-get line),
# builds, and runs every test (the MP3 fixtures are made on first use). Tests that play audio start their
# own private PulseAudio server, so no running server is needed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/lib.sh
. "$root/scripts/lib.sh"

ensure_packages "${RUNTIME_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
cd "$root"
swift build --build-tests
swift test --skip-build "$@"
