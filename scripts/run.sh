#!/usr/bin/env bash
# Runs rondod in the foreground from a fresh machine: installs missing apt packages (or
# prints the apt-get line when not root), starts a PulseAudio server if none answers,
# builds, then serves the user's music directory (scanned into the library once the daemon
# is up) or, when it holds no music files (MP3, FLAC, Ogg Vorbis, Opus), the packaged demo;
# and starts playing.
# Extra arguments go to rondod instead (e.g. --music-dir /srv/music, or --demo).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/lib.sh
. "$root/scripts/lib.sh"

ensure_packages "${RUNTIME_PACKAGES[@]}"
ensure_pulseaudio
cd "$root"
# Every product: rondod, rondo, and rondo-scenario, which `rondo scenario run` hands over to.
for product in rondod rondo rondo-scenario; do swift build -c release --product "$product" >&2; done
bin=$(swift build -c release --show-bin-path)

arguments=("$@")
scan=no
if [ ${#arguments[@]} -eq 0 ]; then
  music=${XDG_MUSIC_DIR:-$(xdg-user-dir MUSIC 2>/dev/null || echo "$HOME/Music")}
  if [ -d "$music" ] && find -L "$music" \( -iname '*.mp3' -o -iname '*.flac' -o -iname '*.ogg' -o -iname '*.oga' -o -iname '*.opus' -o -iname '*.m4a' -o -iname '*.m4b' -o -iname '*.mp4' -o -iname '*.aac' \) -print -quit 2>/dev/null | grep -q .; then
    scan=yes
  else
    arguments=(--demo)
  fi
fi
if [ $scan = yes ] || [ "${arguments[0]:-}" = --demo ]; then
  (
    for _ in $(seq 100); do
      "$bin/rondo" status >/dev/null 2>&1 && break
      sleep 0.1
    done
    if [ $scan = yes ]; then
      "$bin/rondo" library scan >&2 && "$bin/rondo" play 0.2.0 >/dev/null &&
        echo "rondo: playing your songs; try '$bin/rondo browse'" >&2
    else
      "$bin/rondo" play >/dev/null && echo "rondo: playing the demo; try '$bin/rondo browse'" >&2
    fi
  ) &
fi
exec "$bin/rondod" "${arguments[@]}"
