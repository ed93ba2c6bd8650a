#!/usr/bin/env bash
# The MPD protocol served by rondod against MPD itself, in the same run, both idle with one
# track queued and playing to no sound card (rondod's null output, MPD's with its software
# mixer: MPD asks PulseAudio for the volume at every `status` otherwise): the whole-process time of `mpc status` against each (hyperfine), then 100
# MPD-protocol connections sending `status` at once (`mpd_clients.py`): requests per
# second, latency and the server's CPU per request. Prints each figure and rondod/MPD.
# Usage: bench/mpd-protocol.sh [RUNS=300] [CLIENTS=100] [REQUESTS=100] [REPS=5]
# Needs a release build, hyperfine, mpd, mpc, sox, lame.
. "$(dirname "$0")/lib.sh"
runs=${1:-300} clients=${2:-100} requests=${3:-100} reps=${4:-5}
rondo_mpd=$work/rondo-mpd/mpd.sock
file=$(track)
mkdir -p "$work/rondo-mpd"
export RONDO_SOCKET=$work/rondo-mpd/rondo.sock
start_rondod --output null
"$bin/rondo" queue add "$file" >/dev/null
for _ in $(seq 100); do [ -S "$rondo_mpd" ] && break; sleep 0.05; done
start_mpd null
mpc -q -h "$mpd_socket" clear
mpc -q -h "$mpd_socket" add track.mp3
hyperfine -N -w 20 -r "$runs" --export-json "$work/mpd-status.json" \
  "mpc -h $rondo_mpd status" "mpc -h $mpd_socket status" >&2
python3 "$root/bench/mpd_clients.py" "$rondo_mpd" "$rondod_pid" "$clients" "$requests" "$reps" >"$work/rondo-clients.txt"
python3 "$root/bench/mpd_clients.py" "$mpd_socket" "$mpd_pid" "$clients" "$requests" "$reps" >"$work/mpd-clients.txt"
stop_pid "$rondod_pid"
stop_pid "$mpd_pid"
python3 - "$work/mpd-status.json" "$work/rondo-clients.txt" "$work/mpd-clients.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
rondo, mpd = r[0]["median"] * 1000, r[1]["median"] * 1000
print("mpc_status_rondod_ms %.2f\nmpc_status_mpd_ms %.2f\nrondod/mpd %.2f" % (rondo, mpd, rondo / mpd))
read = lambda path: {k: float(v) for k, v in (line.split() for line in open(path))}
a, b = read(sys.argv[2]), read(sys.argv[3])
for key in a:
    print("clients_%s rondod %.2f mpd %.2f rondod/mpd %.2f" % (key, a[key], b[key], a[key] / b[key]))
PY
