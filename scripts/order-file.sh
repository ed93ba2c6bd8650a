#!/usr/bin/env bash
# Writes Linking/rondod.order, the order in which lld lays out rondod's code (see
# Linking/README.md): builds the release daemon with a link map, runs it under callgrind
# through a typical session (start, scan, browse, status polls, MPRIS, the head-unit view,
# playing each format with seeks, rate and volume changes, stop) against a private
# PulseAudio server and D-Bus bus, and names every code section that ran.
# Usage: scripts/order-file.sh [MUSIC_DIR]
#   MUSIC_DIR is scanned too, besides the demo tracks (a few hundred MP3s of a real library
#   make the profile's tag reading more like a user's).
#        scripts/order-file.sh --check
#   Builds the release daemon and fails when fewer than 3 in 4 of the names in the order
#   file are still defined in it: code has moved enough that it should be written again.
# Needs binutils, valgrind, dbus (dbus-run-session), playerctl and curl besides run.sh's
# packages; installs the missing ones when root.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --session ]; then
  # The profiled session, run by the outer invocation inside the private servers.
  work=$2 bin=$3
  socket=$work/rondo.sock
  XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/runtime \
    valgrind --tool=callgrind --dump-instr=yes --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$work/callgrind.out" \
    "$bin/rondod-profiled" --socket "$socket" --music-dir "$work/music" --database "$work/library.sqlite" \
    --view 127.0.0.1:0 >"$work/rondod.log" 2>&1 &
  daemon=$!
  rondo() { "$bin/rondo" --socket "$socket" "$@" >/dev/null 2>&1 || true; }
  for _ in $(seq 600); do
    "$bin/rondo" --socket "$socket" status >/dev/null 2>&1 && break
    kill -0 $daemon 2>/dev/null || { cat "$work/rondod.log" >&2; exit 1; }
    sleep 0.2
  done
  "$bin/rondo" --socket "$socket" watch >/dev/null 2>&1 &
  watcher=$!
  rondo library scan
  rondo library stats
  rondo library problems
  for path in "" 0 0.0 1 1.0 2; do rondo browse $path; done
  rondo search rondo
  for _ in $(seq 20); do
    rondo status
    rondo now-playing
  done
  rondo play 0.0.0
  sleep 3
  rondo queue add "$work/music/demo"
  for track in 0 1 2 3 4; do
    rondo queue play $track
    sleep 2
    rondo status
    rondo seek +5
    sleep 1
    playerctl status >/dev/null 2>&1 || true
    playerctl metadata >/dev/null 2>&1 || true
  done
  rondo pause
  rondo play
  rondo rate 1.5
  sleep 2
  rondo rate 1.0
  rondo volume 50
  rondo volume
  rondo replaygain track
  rondo shuffle items
  rondo repeat all
  rondo like on
  rondo queue
  playerctl play-pause >/dev/null 2>&1 || true
  playerctl play-pause >/dev/null 2>&1 || true
  address=$("$bin/rondo" --socket "$socket" view 2>/dev/null || true)
  [ -z "$address" ] || curl -fsS "$address" >/dev/null 2>&1 || true
  rondo stop
  sleep 2
  kill $watcher 2>/dev/null || true
  kill -0 $daemon 2>/dev/null || { echo "rondod died during the session:" >&2; cat "$work/rondod.log" >&2; exit 1; }
  kill -TERM $daemon
  wait $daemon || true
  exit 0
fi

# shellcheck source=scripts/lib.sh
. "$root/scripts/lib.sh"
if [ "${1:-}" = --check ]; then
  ensure_packages binutils
  cd "$root"
  swift build -c release --product rondod >&2
  bin=$(swift build -c release --show-bin-path)
  names=$(sort -u Linking/rondod.order | wc -l)
  found=$(comm -12 <(sort -u Linking/rondod.order) <(nm --defined-only "$bin/rondod" | awk '{print $3}' | sort -u) | wc -l)
  echo "rondo: $found of the $names names in Linking/rondod.order are defined in the release rondod" >&2
  if [ $((found * 4)) -lt $((names * 3)) ]; then
    echo "rondo: rondod's code has moved; write the order again with scripts/order-file.sh" >&2
    exit 1
  fi
  exit 0
fi

ensure_packages "${RUNTIME_PACKAGES[@]}" binutils valgrind dbus playerctl curl
work=$(mktemp -d "${TMPDIR:-/tmp}/rondo-order.XXXXXX")
cd "$root"
bin=$(swift build -c release --show-bin-path)
trap 'rm -rf "$work" "$bin/rondod-profiled"' EXIT
mkdir -p "$work/music/demo" "$work/config" "$work/data" "$work/runtime"
chmod 0700 "$work/runtime"
cp Demo/*.mp3 Demo/*.flac Demo/*.ogg Demo/*.opus "$work/music/demo/"
[ -z "${1:-}" ] || cp -r "$1" "$work/music/library"

swift build -c release --product rondod -Xlinker -Map="$work/rondod.map" -Xlinker --no-demangle >&2
swift build -c release --product rondo >&2
# valgrind cannot read every DWARF 5 form: the profiled copy has no debug sections, and
# the same addresses. It stays beside rondod, where the packaged files are found.
objcopy --strip-debug "$bin/rondod" "$bin/rondod-profiled"

"$root/bench/with-audio-server.sh" pulseaudio dbus-run-session -- "$0" --session "$work" "$bin" >&2
python3 "$root/scripts/order_file.py" "$work/callgrind.out" rondod-profiled "$work/rondod.map" Linking/rondod.order
rm -f "$bin/rondod"
swift build -c release --product rondod >&2
