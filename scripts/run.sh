#!/usr/bin/env bash
# Runs rondod in the foreground with the demo library, from a fresh machine:
# installs missing apt packages (or prints the apt-get line when not root), starts a
# PulseAudio server if none answers, builds, starts playing the demo once the daemon is up.
# Extra arguments go to rondod (e.g. --music-dir ~/Music instead of the demo).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/lib.sh
. "$root/scripts/lib.sh"

ensure_packages "${RUNTIME_PACKAGES[@]}"
ensure_pulseaudio
cd "$root"
swift build -c release --product rondod >&2
swift build -c release --product rondo >&2
bin=$(swift build -c release --show-bin-path)

arguments=("$@")
[ ${#arguments[@]} -eq 0 ] && arguments=(--demo)
if [ "${arguments[0]}" = --demo ]; then
  (
    for _ in $(seq 100); do
      "$bin/rondo" status >/dev/null 2>&1 && break
      sleep 0.1
    done
    "$bin/rondo" play >/dev/null && echo "rondo: playing the demo; try '$bin/rondo status'" >&2
  ) &
fi
exec "$bin/rondod" "${arguments[@]}"
