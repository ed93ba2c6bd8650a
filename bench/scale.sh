#!/usr/bin/env bash
# rondod against MPD on a large library (the shared harness's corpus of N tagged MP3s,
# Artist/Album/NN Title.mp3), both daemons in the same run, one after the other (ORDER), each
# started by the harness's adapter ($HARNESS/mpd/daemon.sh, $HARNESS/rondo/daemon.sh) with an empty
# library, its null output and private state under $BENCH_DIR/scale-state, and stopped by PID:
#   - full scan into the empty library: wall time, files/s, the daemon's CPU seconds
#   - unchanged rescan (the same scan again, nothing changed), RESCANS times (default 5), 2 s
#     apart: each one's wall time and CPU seconds, and their medians (rescan_wall_s, rescan_cpu_s)
#   - RSS (VmRSS) idle 5 s after the scan
#   - REQUESTS requests each over the socket, one in flight, varied targets (scale.py
#     latency): browse an artist (rondod library.children of Library/Artists/<i>, MPD lsinfo
#     "<artist>"), browse an album, search one word (rondod library.search, 50 results at
#     most; MPD search any "<word>" window 0:50, and without the window), status (rondod
#     nowPlaying.get, MPD status): p50/p99/max in ms and the daemon's CPU per request
#   - MPD's protocol on each daemon's MPD socket (rondod's mpd.sock beside its own): search any
#     "<word>" window 0:50 (REQUESTS), without the window (100), and list album group albumartist
#     (100): p50/p99/max and CPU per request
#   - queue the whole library (scale.py queue): rondod queue.set + queue.append of every
#     path in requests under its 1 MiB line limit, and of the artist directories at most
#     10,000 files a request (its limit for directories); whether it takes every path, or the
#     music directory, in one request; MPD command lists of `add "PATH"`, and `add "/"` (MPD
#     runs with max_playlist_length raised: its default, 16384, refuses the library); then
#     status p50/p99 with it queued
#   - kill -9 with the library queued, restart on the same database and state (the same
#     command line and environment), time until the queue reads back whole (scale.py
#     restart); then the same after a clean stop (SIGTERM)
# Before each timed step it waits until the 1-minute load average is under LOAD_MAX and
# prints the load it saw. Prints "metric value unit" lines (daemon-prefixed, then
# rondod/mpd ratios); progress on stderr; raw samples, the queue timings and the daemons'
# logs in OUT (default $BENCH_DIR/scale-<time>).
# Usage: bench/scale.sh [CORPUS_DIR=/tmp/bench-data/corpus-100000] [REQUESTS=500]
# Make the corpus first: ../shared/bench/corpus.sh 100000 /tmp/bench-data/corpus-100000
# (about 8 GB, a minute). Env: RONDOD (default .build/release/rondod), RONDO (the CLI, default
# next to RONDOD; it times rondod's scans, as mpc times MPD's), HARNESS (the shared
# harness, default ../shared/bench), ORDER ("mpd rondod"), RESCANS (5), LOAD_MAX (1.0), LOAD_WAIT_MAX
# (1800 s), OUT. Needs mpd, mpc, jq, python3; no audio server. An MPD scan of 100,000
# files takes about 40 s, a run 6-20 minutes (longer while it waits for a quiet machine).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
corpus=$(realpath "${1:-/tmp/bench-data/corpus-100000}")
requests=${2:-500}
rescans=${RESCANS:-5}
harness=$(realpath "${HARNESS:-$root/../shared/bench}")
export RONDOD=${RONDOD:-$bin/rondod}
rondo_cli=${RONDO:-$(dirname "$RONDOD")/rondo}
order=${ORDER:-mpd rondod}
load_max=${LOAD_MAX:-1.0}
load_wait_max=${LOAD_WAIT_MAX:-1800}
out=${OUT:-$work/scale-$(date +%Y%m%dT%H%M%S)}
state=$work/scale-state
py=${PY:-python3}
mkdir -p "$out" "$state"
[ -f "$corpus/.complete" ] || { echo "no corpus in $corpus (make it with $harness/corpus.sh)" >&2; exit 1; }

metric() { printf '%s %s %s\n' "$1" "$2" "$3" | tee -a "$out/metrics.txt"; }
note() { echo "[$(date +%T)] $*" >&2; }
calc() { awk "BEGIN{printf \"%.${2:-3}f\", $1}"; }
adapter_of() { case $1 in mpd) echo "$harness/mpd/daemon.sh" ;; rondod) echo "$harness/rondo/daemon.sh" ;; esac; }
proto_of() { case $1 in mpd) echo mpd ;; rondod) echo jsonrpc ;; esac; }
# daemon NAME VERB…: the harness's adapter of NAME with this script's private state and socket.
daemon() {
  local d=$1; shift
  MPD_BIN=$state/mpd-bin BENCH_RUN=$state/$d BENCH_SOCK=$state/$d/$d.sock "$(adapter_of "$d")" "$@"
}
value() { awk -v n="$1" '$1 == n {v = $2} END {print v}' "$out/metrics.txt"; }   # value METRIC: its last value
rss_mib() { awk '/^VmRSS:/{printf "%.1f", $2/1024}' "/proc/$1/status"; }
songs() { "$py" "$harness/lib/daemonclient.py" --proto "$(proto_of "$1")" "$state/$1/$1.sock" songs; }
cleanup() { for d in mpd rondod; do daemon "$d" stop >/dev/null 2>&1 || true; done; }
trap cleanup EXIT
queued=$(find "$corpus" -path "$corpus/_broken" -prune -o -type f -name '*.mp3' -print | wc -l)
# MPD refuses a queue longer than max_playlist_length (16384 by default, "Playlist is too
# large"): the adapter runs MPD through this wrapper (MPD_BIN), which adds room for the whole
# corpus to the configuration the adapter wrote.
cat >"$state/mpd-bin" <<WRAPPER
#!/bin/sh
if [ "\$1" = --no-daemon ] && [ -f "\$2" ] && ! grep -q '^max_playlist_length' "\$2"; then
  echo 'max_playlist_length "$((2 * queued))"' >>"\$2"
fi
exec ${MPD_BIN:-mpd} "\$@"
WRAPPER
chmod +x "$state/mpd-bin"

# wait_load STEP: waits until the 1-minute load average is under LOAD_MAX (LOAD_WAIT_MAX s at
# most), then prints the load seen and the wait.
wait_load() {
  local waited=0 load
  while load=$(cut -d' ' -f1 /proc/loadavg); awk -v l="$load" -v m="$load_max" 'BEGIN{exit !(l >= m)}'; do
    [ "$waited" -ge "$load_wait_max" ] && { note "load still $load after ${waited}s; measuring anyway"; break; }
    [ $((waited % 60)) = 0 ] && note "load average $(cut -d' ' -f1-3 /proc/loadavg); waiting for < $load_max"
    sleep 5; waited=$((waited + 5))
  done
  metric "${1}_load1" "$load" load
  metric "${1}_load_wait_s" "$waited" s
}

# update D: a full scan of the corpus by daemon D, through its own client (mpc update --wait,
# rondo library scan): the adapter's Python client would add its own start, a tenth of a second.
update() {
  case $1 in
    rondod) "$rondo_cli" --socket "$state/rondod/rondod.sock" library scan >/dev/null ;;
    *) daemon "$1" update ;;
  esac
}

# scan D NAME: times `update` (a full scan of the corpus) of daemon D, prints NAME_* figures.
scan() {
  local d=$1 name=$2 pid t0 t1 c0 c1
  pid=$(daemon "$d" pid)
  c0=$(cpu_ticks "$pid"); t0=$EPOCHREALTIME
  update "$d"
  t1=$EPOCHREALTIME; c1=$(cpu_ticks "$pid")
  metric "${name}_wall_s" "$(calc "$t1-$t0")" s
  metric "${name}_files_per_s" "$(calc "$files/($t1-$t0)" 0)" files/s
  metric "${name}_cpu_s" "$(calc "($c1-$c0)/$(getconf CLK_TCK)" 2)" s
}

# latency D KIND NAME [COUNT] [PROTO SOCKET]: scale.py latency against daemon D (on its own
# protocol and socket unless told).
latency() {
  "$py" "$root/bench/scale.py" latency "${5:-$(proto_of "$1")}" "${6:-$state/$1/$1.sock}" "$corpus" "$2" \
    "${4:-$requests}" "$3" --raw "$out/$3.txt" --pid "$(daemon "$1" pid)" | tee -a "$out/metrics.txt"
}

# mpd_socket D: where daemon D speaks MPD's protocol (rondod: mpd.sock beside its own).
mpd_socket() { case $1 in mpd) echo "$state/mpd/mpd.sock" ;; rondod) echo "$state/rondod/mpd.sock" ;; esac; }

# restart D NAME ARGV_FILE ENV_FILE: starts D again with the saved command line and environment
# and times until the whole library is queued again.
restart() {
  local d=$1 argv envv
  mapfile -d '' argv <"$3"; mapfile -d '' envv <"$4"
  "$py" "$root/bench/scale.py" restart "$(proto_of "$d")" "$state/$d/$d.sock" "$(value "${d}_queue_length")" "$2" \
    --pidfile "$state/$d/pid" --log "$out/$d-restart.log" -- env -i "${envv[@]}" "${argv[@]}" |
    tee -a "$out/metrics.txt"
}

measure() {
  local d=$1 pid t0 t1
  note "$d: start on $corpus"
  daemon "$d" start null "$corpus"
  pid=$(daemon "$d" pid)
  metric "${d}_start_rss_mib" "$(rss_mib "$pid")" MiB

  wait_load "${d}_scan"
  note "$d: full scan"
  scan "$d" "${d}_scan"
  metric "${d}_scan_songs" "$(songs "$d")" songs
  sleep 5
  metric "${d}_idle_rss_mib" "$(rss_mib "$pid")" MiB

  wait_load "${d}_rescan"
  note "$d: unchanged rescan, $rescans times"
  for i in $(seq "$rescans"); do
    scan "$d" "${d}_rescan_$i"
    sleep 2
  done
  for m in wall_s cpu_s; do
    metric "${d}_rescan_$m" "$(for i in $(seq "$rescans"); do value "${d}_rescan_${i}_$m"; done | sort -g |
      awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')" s
  done
  metric "${d}_rescan_songs" "$(songs "$d")" songs
  sleep 5
  metric "${d}_idle_after_rescan_rss_mib" "$(rss_mib "$pid")" MiB

  wait_load "${d}_requests"
  note "$d: browse, search and status, $requests requests each"
  latency "$d" browse "${d}_browse_artist"
  latency "$d" album "${d}_browse_album"
  latency "$d" search "${d}_search"
  [ "$d" = mpd ] && latency "$d" searchall "${d}_search_unwindowed" 100
  latency "$d" status "${d}_status_empty_queue"
  note "$d: MPD's protocol: search any, and list album group albumartist"
  latency "$d" search "${d}_mpd_search" "$requests" mpd "$(mpd_socket "$d")"
  latency "$d" searchall "${d}_mpd_search_unwindowed" 100 mpd "$(mpd_socket "$d")"
  latency "$d" listgroup "${d}_mpd_list_album_group" 100 mpd "$(mpd_socket "$d")"

  wait_load "${d}_queue"
  note "$d: queue the whole library"
  "$py" "$root/bench/scale.py" queue "$(proto_of "$d")" "$state/$d/$d.sock" "$corpus" "$d" --raw "$out" |
    tee -a "$out/metrics.txt"
  latency "$d" status "${d}_status_queued"
  metric "${d}_queued_rss_mib" "$(rss_mib "$pid")" MiB

  # kill -9 with the queue in place, the way a crash or power cut would: the restarted
  # daemon must find it in its database / state file.
  tr '\0' ' ' <"/proc/$pid/cmdline" >"$out/$d-cmdline.txt"
  cp "/proc/$pid/cmdline" "$state/$d.argv"
  cp "/proc/$pid/environ" "$state/$d.env"
  sleep 2
  note "$d: kill -9 with the library queued, then restart"
  kill -9 "$pid"
  while [ -e "/proc/$pid" ]; do sleep 0.05; done
  wait_load "${d}_restart"
  restart "$d" "${d}_restart_after_kill" "$state/$d.argv" "$state/$d.env"
  if [ "$(value "${d}_restart_after_kill_queue_length")" != "$(value "${d}_queue_length")" ]; then
    note "$d: queue lost on kill -9 ($(value "${d}_restart_after_kill_queue_length") items back); queueing the library again"
    "$py" "$root/bench/scale.py" queue "$(proto_of "$d")" "$state/$d/$d.sock" "$corpus" "${d}_requeue" \
      --raw "$out" >/dev/null
  fi
  pid=$(daemon "$d" pid)
  t0=$EPOCHREALTIME
  daemon "$d" stop
  t1=$EPOCHREALTIME
  metric "${d}_stop_with_queue_s" "$(calc "$t1-$t0")" s
  wait_load "${d}_restart_clean"
  restart "$d" "${d}_restart_after_stop" "$state/$d.argv" "$state/$d.env"
  daemon "$d" stop
  cp "$(daemon "$d" logfile)" "$out/$d.log" 2>/dev/null || true
}

files=$(find "$corpus" -type f -name '*.mp3' | wc -l)
{
  echo "# bench/scale.sh $(date -u +%FT%TZ), corpus $corpus: $files MP3 files ($queued outside _broken/), $(du -sm "$corpus" | cut -f1) MB"
  echo "# rondod: $RONDOD, $(daemon rondod version)"
  echo "# mpd: $(daemon mpd version), max_playlist_length $((2 * queued))"
  echo "# host: $(uname -sr), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/^Mem:/{print $2}') GB RAM"
  echo "# order: $order; $requests requests per latency series; raw samples in $out"
} | tee "$out/metrics.txt"
metric corpus_files "$files" files
note "reading the corpus once so that every scan starts from a warm page cache"
find "$corpus" -type f -print0 | xargs -0 cat >/dev/null
for d in $order; do measure "$d"; done

# rondod/MPD ratios of the headline figures.
ratio() {
  awk -v a="rondod_$1" -v b="mpd_$1" '$1 == a {x = $2} $1 == b {y = $2}
    END {if (x != "" && y != "" && x != "-" && y != "-" && y + 0 != 0) printf "%.2f", x / y; else printf "-"}' "$out/metrics.txt"
}
for m in scan_files_per_s scan_wall_s scan_cpu_s rescan_wall_s idle_rss_mib browse_artist_p99_ms \
    browse_album_p99_ms search_p99_ms mpd_search_p99_ms mpd_search_unwindowed_p99_ms mpd_list_album_group_p99_ms \
    status_queued_p99_ms queue_dir_s queue_paths_s \
    restart_after_kill_queue_s restart_after_stop_queue_s; do
  metric "ratio_$m" "$(ratio "$m")" rondod/mpd
done
