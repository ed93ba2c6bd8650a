#!/usr/bin/env bash
# Snapcast: rondod's Snapcast output against MPD's fifo output (the usual Snapcast set-up for
# MPD), each feeding a snapserver of its own (started by this script; same settings: PCM
# transport codec (codec=pcm, so no encoder delay), --stream.buffer=BUFFER ms, 20 ms chunks)
# with one snapclient listening, one daemon after the other (never at the same time):
#   rondod  output = "snapcast", [snapcast] source = "127.0.0.1:P" into snapserver's
#           tcp://127.0.0.1:P?name=Rondo&mode=server&sampleformat=48000:16:2
#   MPD     audio_output fifo (format 48000:16:2, software mixer) into snapserver's
#           pipe://FIFO?name=MPD&mode=read&sampleformat=48000:16:2 (the fifo made here with
#           mkfifo, so neither creates it; MPD keeps it open for its whole life)
# The snapclient plays to `--player file:filename=PCM` (raw 48000:16:2, written every 50 ms
# in 50 ms blocks). snapcast_first_sound.py watches that file with inotify and stamps each
# write with the monotonic clock: a sample is heard at its block's write time + 10 ms (the
# file player's declared delay) + its offset in the block; sound is |sample| ≥ 33 (-60 dBFS).
# In one run:
#  1. play → first sound at the snapclient, ROUNDS rounds per daemon, on each daemon's own
#     control socket (rondod: JSON-RPC `remote.send {command: play}`, MPD: `play`): stop,
#     wait for 300 ms of silence, wait WAIT s more, play; also stop → silence, the play
#     command's round trip, and the loudest sample while stopped (0: clean silence).
#  2. CPU (% of one core, cpu_percent of lib.sh) of the daemon and of its snapserver while the
#     40 s MP3 plays on repeat, SECONDS after 3 s of settling (played from 30 s in, so that the
#     window goes through the repeat); and the silent gaps (≥ 2.5 ms of digital silence, which
#     the track never has) heard at the snapclient in that window.
#  3. CPU of each while stopped (the track queued), 10 s.
# Prints the raw rounds, then "name figure value" lines and the rondod/MPD ratios.
# Usage: bench/snapcast.sh [ROUNDS=10] [SECONDS=20] [WAIT=3] [BUFFER=400] [ORDER="rondod mpd"]
# Needs a release build, snapserver and snapclient (0.26), mpd, mpc, sox, lame, python3;
# perf (linux-perf) for fine CPU figures; no audio server. Everything listens on loopback or
# in $BENCH_DIR/snapcast and is stopped by PID.
. "$(dirname "$0")/lib.sh"
rounds=${1:-10}
seconds=${2:-20}
wait_s=${3:-3}
buffer=${4:-400}
order=${5:-rondod mpd}
timing="/usr/bin/python3 $root/bench/snapcast_first_sound.py"
dir=$work/snapcast
rm -rf "$dir"
mkdir -p "$dir"
file=$(track)
pids=()
# stop_hard PID: SIGTERM, and SIGKILL if still there after 3 s (snapserver 0.26 sometimes
# sleeps through its first SIGTERM).
stop_hard() {
  kill "$1" 2>/dev/null || return 0
  for _ in $(seq 30); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}
cleanup() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop_hard "${pids[i]}"; done
  pids=()
}
trap cleanup EXIT
free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start_snapcast NAME SOURCE: a snapserver reading SOURCE and a snapclient writing $dir/NAME/out.pcm.
start_snapcast() {
  local d=$dir/$1 control_port stream
  mkdir -p "$d/data"
  control_port=$(free_port)
  stream=$(free_port)
  snapserver -c /dev/null --server.datadir="$d/data" --http.enabled=0 --tcp.enabled=1 \
    --tcp.bind_to_address=127.0.0.1 --tcp.port="$control_port" --stream.bind_to_address=127.0.0.1 \
    --stream.port="$stream" --stream.buffer="$buffer" --stream.codec=pcm --stream.source="$2" \
    --logging.sink=file:"$d/server.log" >"$d/server.out" 2>&1 &
  snapserver_pid=$!
  pids+=("$snapserver_pid")
  for _ in $(seq 100); do grep -q "Creating stream acceptor" "$d/server.log" 2>/dev/null && break; sleep 0.05; done
  snapclient -h 127.0.0.1 -p "$stream" --hostID bench --player file:filename="$d/out.pcm" \
    --logsink file:"$d/client.log" >/dev/null 2>&1 &
  snapclient_pid=$!
  pids+=("$snapclient_pid")
  for _ in $(seq 100); do [ -s "$d/out.pcm" ] && break; sleep 0.05; done
}

# control NAME SOCKET COMMAND…: the daemon's own client (play, stop, seek SECONDS).
control() {
  local name=$1 socket=$2
  shift 2
  case $name in
    rondod) RONDO_SOCKET=$socket "$bin/rondo" "$@" >/dev/null ;;
    mpd) mpc -q -h "$socket" "$@" ;;
  esac
}

# measure NAME SOCKET PID: the three parts for one daemon, already started and idle with the
# track queued and repeat on; its results go to $dir/NAME/.
measure() {
  local name=$1 socket=$2 pid=$3 d=$dir/$1 start end
  # A warm-up play: rondod connects to snapserver at its first play, MPD opens its output.
  control "$name" "$socket" play
  sleep 2
  control "$name" "$socket" stop
  sleep 1
  echo "## $name first sound ($(cut -d' ' -f1-3 /proc/loadavg))"
  $timing first-sound "$name" "$socket" "$d/out.pcm" "$rounds" "$wait_s" | tee "$d/first-sound.txt"
  echo "## $name cpu ($(cut -d' ' -f1-3 /proc/loadavg))"
  # From 30 s into the track, so that the window goes through the repeat, 40 s in.
  control "$name" "$socket" play
  sleep 0.5
  control "$name" "$socket" seek 30
  sleep 2.5
  start=$(stat -c %s "$d/out.pcm")
  cpu_percent "$snapserver_pid" "$seconds" >"$d/cpu-snapserver" &
  local perf_pid=$!
  cpu_percent "$pid" "$seconds" >"$d/cpu-daemon"
  wait "$perf_pid"
  end=$(stat -c %s "$d/out.pcm")
  $timing gaps "$d/out.pcm" "$start" "$end" >"$d/gaps.txt"
  control "$name" "$socket" stop
  sleep 2
  echo "$name cpu=$(cat "$d/cpu-daemon") snapserver_cpu=$(cat "$d/cpu-snapserver") $(cat "$d/gaps.txt")"
  cpu_percent "$snapserver_pid" 10 >"$d/cpu-snapserver-stopped" &
  perf_pid=$!
  cpu_percent "$pid" 10 >"$d/cpu-daemon-stopped"
  wait "$perf_pid"
  echo "$name stopped: cpu=$(cat "$d/cpu-daemon-stopped") snapserver_cpu=$(cat "$d/cpu-snapserver-stopped")"
}

run_rondod() {
  local port
  port=$(free_port)
  start_snapcast rondod "tcp://127.0.0.1:$port?name=Rondo&mode=server&sampleformat=48000:16:2"
  cat >"$dir/rondo-snapcast.toml" <<CONF
output = "snapcast"
[snapcast]
source = "127.0.0.1:$port"
CONF
  export RONDO_SOCKET=$dir/rondod/rondo.sock
  start_rondod --config "$dir/rondo-snapcast.toml" --view off
  pids+=("$rondod_pid")
  "$bin/rondo" queue clear >/dev/null
  "$bin/rondo" queue add "$file" >/dev/null
  "$bin/rondo" repeat all >/dev/null
  measure rondod "$RONDO_SOCKET" "$rondod_pid"
  cp "$work/rondod.log" "$dir/rondod/rondod.log"
  cleanup
}

run_mpd() {
  local d=$dir/mpd
  mkdir -p "$d/state"
  mkfifo "$d/snapfifo"
  cat >"$d/mpd.conf" <<CONF
music_directory "$work/music"
db_file "$d/state/db"
state_file "$d/state/state"
pid_file "$d/state/pid"
bind_to_address "$d/socket"
audio_output {
  type "fifo"
  name "snapcast"
  path "$d/snapfifo"
  format "48000:16:2"
  mixer_type "software"
}
CONF
  mpd --no-daemon "$d/mpd.conf" 2>"$d/mpd.log" &
  mpd_pid=$!
  pids+=("$mpd_pid")
  for _ in $(seq 100); do mpc -q -h "$d/socket" status >/dev/null 2>&1 && break; sleep 0.05; done
  start_snapcast mpd "pipe://$d/snapfifo?name=MPD&mode=read&sampleformat=48000:16:2"
  mpc -q -h "$d/socket" update --wait
  mpc -q -h "$d/socket" clear
  mpc -q -h "$d/socket" add track.mp3
  mpc -q -h "$d/socket" repeat on
  measure mpd "$d/socket" "$mpd_pid"
  cleanup
}

echo "# $(date -u +%FT%TZ) load average: $(cut -d' ' -f1-3 /proc/loadavg); rounds $rounds; wait $wait_s s; cpu window $seconds s"
echo "# rondod $(git -C "$root" rev-parse --short HEAD) from $bin ($(stat -c %y "$bin/rondod" | cut -d. -f1)); $(mpd --version | head -1); $(snapserver --version | head -1)"
echo "# snapserver: codec pcm, chunk 20 ms, buffer $buffer ms; snapclient --player file"
for name in $order; do "run_$name"; done

echo "## medians"
for name in rondod mpd; do
  summary() { awk -v n="$name" -v f="$1" '$1 == "SUMMARY" && $2 == n && $3 == f {print $4}' "$dir/$name/first-sound.txt"; }
  echo "$name first_sound_ms $(summary first_ms)"
  echo "$name play_reply_ms $(summary reply_ms)"
  echo "$name stop_to_silence_ms $(summary stop_silence_ms)"
  echo "$name cpu_percent $(cat "$dir/$name/cpu-daemon")"
  echo "$name snapserver_cpu_percent $(cat "$dir/$name/cpu-snapserver")"
  echo "$name gaps $(awk '{print $2}' "$dir/$name/gaps.txt")"
  echo "$name gap_total_ms $(awk '{print $4}' "$dir/$name/gaps.txt")"
  echo "$name stopped_cpu_percent $(cat "$dir/$name/cpu-daemon-stopped")"
  echo "$name stopped_snapserver_cpu_percent $(cat "$dir/$name/cpu-snapserver-stopped")"
done | tee "$dir/medians.txt"
for figure in first_sound_ms cpu_percent snapserver_cpu_percent stopped_cpu_percent; do
  awk -v f="$figure" '$2 == f && $1 == "rondod" {r = $3} $2 == f && $1 == "mpd" {q = $3}
    END {if (r ~ /^[0-9.]+$/ && q ~ /^[0-9.]+$/ && q > 0) printf "rondod/mpd %s %.2f\n", f, r / q}' "$dir/medians.txt"
done
