#!/usr/bin/env bash
# CPU of rondod while it plays one MP3 (at rate 1.0, and at 2.0 with pitch preserved),
# against mpg123 (-o pulse) and MPD playing the same file at 1.0 in the same run, each for
# SECONDS after 2 s of settling; median of REPS rounds. Prints "name percent" lines (% of one
# core) and rondod's ratios to each peer.
# Usage: bench/cpu.sh [SECONDS=30] [REPS=3]
# Needs a PulseAudio server, a release build (swift build -c release), sox, lame, mpg123, mpd, mpc.
. "$(dirname "$0")/lib.sh"
seconds=${1:-30}
reps=${2:-3}
file=$(track)
: >"$work/cpu-rondod"; : >"$work/cpu-rondod2x"; : >"$work/cpu-mpg123"; : >"$work/cpu-mpd"
for _ in $(seq "$reps"); do
  for rate in 1.0 2.0; do
    out=$work/cpu-rondod; [ "$rate" = 2.0 ] && out=$work/cpu-rondod2x
    rm -f "$work/rondo.sqlite"*
    start_rondod
    "$bin/rondo" queue add "$file" >/dev/null
    "$bin/rondo" repeat all >/dev/null
    "$bin/rondo" rate "$rate" >/dev/null
    "$bin/rondo" play >/dev/null
    sleep 2
    cpu_percent "$rondod_pid" "$seconds" >>"$out"; echo >>"$out"
    stop_pid "$rondod_pid"
  done

  mpg123 -q -o pulse --loop -1 "$file" &
  pid=$!
  sleep 2
  cpu_percent "$pid" "$seconds" >>"$work/cpu-mpg123"; echo >>"$work/cpu-mpg123"
  stop_pid "$pid"

  start_mpd
  mpd_play_on_repeat track.mp3
  sleep 2
  cpu_percent "$mpd_pid" "$seconds" >>"$work/cpu-mpd"; echo >>"$work/cpu-mpd"
  stop_pid "$mpd_pid"
done
rondod=$(median <"$work/cpu-rondod")
rondod2x=$(median <"$work/cpu-rondod2x")
mpg123=$(median <"$work/cpu-mpg123")
mpd=$(median <"$work/cpu-mpd")
echo "rondod $rondod"
echo "rondod_rate2 $rondod2x"
echo "mpg123 $mpg123"
echo "mpd $mpd"
awk -v r="$rondod" -v r2="$rondod2x" -v a="$mpg123" -v m="$mpd" \
  'BEGIN{printf "rondod/mpg123 %.2f\nrondod/mpd %.2f\nrondod_rate2/mpd %.2f\n", r/a, r/m, r2/m}'
