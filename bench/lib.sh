# Shared by the bench scripts: a scratch directory, the test track, the three players.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${BENCH_DIR:-/tmp/rondo-bench}
bin=${RONDO_BIN:-$root/.build/release}
mkdir -p "$work"
export RONDO_SOCKET=$work/rondo.sock
# MPD's own socket; rondod's MPD socket is mpd.sock beside rondo.sock.
mpd_socket=$work/mpd/socket

# track: a 40 s stereo VBR MP3 (a chord over pink noise, ~190 kbit/s, made once), the file
# every player plays.
track() {
  local out=$work/music/track.mp3
  if [ ! -s "$out" ]; then
    mkdir -p "$work/music"
    sox -r 44100 -c 4 -n "$work/track.wav" synth 40 sine 220 sine 277 pinknoise sine 330 \
      remix 1,3 2,4 norm -3
    lame --quiet -V 2 "$work/track.wav" "$out"
    rm -f "$work/track.wav"
  fi
  echo "$out"
}

# tone440: a 120 s 440 Hz tone as MP3 (made once, its WAV kept beside it for players that
# read WAV), the music the duck and pause benches play.
tone440() {
  local out=$work/music/tone440.mp3
  mkdir -p "$work/music"
  [ -s "$work/tone440.wav" ] || sox -n -r 44100 -c 2 "$work/tone440.wav" synth 120 sine 440 vol 0.5
  [ -s "$out" ] || lame --quiet -b 128 "$work/tone440.wav" "$out"
  echo "$out"
}

# cpu_ticks PID: user + system clock ticks the process used so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# cpu_percent PID SECONDS: % of one core PID (all its threads) uses over the next SECONDS.
# With perf (linux-perf), from its task-clock, to the microsecond; else from the kernel's
# clock ticks, 10 ms each: at 0.2 % a 20 s window is 4 ticks, so prefer perf.
cpu_percent() {
  if command -v perf >/dev/null; then
    perf stat -x, -e task-clock -p "$1" -- sleep "$2" 2>&1 >/dev/null |
      awk -F, -v s="$2" '/task-clock/ {printf "%.3f", $1 / 10 / s}'
    return
  fi
  local before after
  before=$(cpu_ticks "$1"); sleep "$2"; after=$(cpu_ticks "$1")
  awk -v a="$before" -v b="$after" -v s="$2" -v hz="$(getconf CLK_TCK)" 'BEGIN{printf "%.2f", 100*(b-a)/hz/s}'
}

# start_rondod [FLAG…]: rondod on the bench's music, with any extra flags (--output null).
start_rondod() {
  rm -f "$RONDO_SOCKET"
  "$bin/rondod" --socket "$RONDO_SOCKET" --music-dir "$work/music" --database "$work/rondo.sqlite" "$@" \
    2>"$work/rondod.log" &
  rondod_pid=$!
  for _ in $(seq 100); do "$bin/rondo" status >/dev/null 2>&1 && return 0; sleep 0.05; done
  stop_pid "$rondod_pid"
  echo "rondod did not start: $(cat "$work/rondod.log")" >&2; return 1
}

# start_mpd [OUTPUT]: MPD on the bench's music, playing to PulseAudio or to OUTPUT ("null",
# with MPD's software mixer, so that neither daemon asks an audio server for its volume).
start_mpd() {
  local output=${1:-pulse}
  mkdir -p "$work/mpd"
  cat >"$work/mpd.conf" <<CONF
music_directory "$work/music"
db_file "$work/mpd/db"
state_file "$work/mpd/state"
pid_file "$work/mpd/pid"
bind_to_address "$mpd_socket"
audio_output {
  type "$output"
  name "$output"
  mixer_type "$([ "$output" = null ] && echo software || echo hardware)"
}
CONF
  rm -f "$mpd_socket"
  mpd --no-daemon "$work/mpd.conf" 2>"$work/mpd.log" &
  mpd_pid=$!
  for _ in $(seq 100); do mpc -q -h "$mpd_socket" status >/dev/null 2>&1 && break; sleep 0.05; done
  mpc -q -h "$mpd_socket" update --wait
}

# mpd_play_on_repeat FILE: MPD (started by start_mpd) plays FILE of the music directory on repeat.
mpd_play_on_repeat() {
  mpc -q -h "$mpd_socket" clear
  mpc -q -h "$mpd_socket" add "$1"
  mpc -q -h "$mpd_socket" repeat on
  mpc -q -h "$mpd_socket" play
}

# median: the median of the numbers on stdin, one per line.
median() { sort -n | awk '{v[NR]=$1} END{print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

stop_pid() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
