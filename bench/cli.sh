#!/usr/bin/env bash
# Whole-process time of `rondo status` against `mpc status`, each daemon idle with one
# track queued, measured by hyperfine in the same run. Prints the two means and the ratio.
# Usage: bench/cli.sh [RUNS=200]
# Needs a PulseAudio server, a release build, hyperfine, mpd, mpc, sox, lame.
. "$(dirname "$0")/lib.sh"
runs=${1:-200}
file=$(track)
start_rondod
"$bin/rondo" queue add "$file" >/dev/null
start_mpd
mpc -q -h "$mpd_socket" clear
mpc -q -h "$mpd_socket" add track.mp3
hyperfine -N -w 20 -r "$runs" --export-json "$work/cli.json" \
  "$bin/rondo status" "mpc -h $mpd_socket status" >&2
stop_pid "$rondod_pid"
stop_pid "$mpd_pid"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
rondo, mpc = r[0]["median"] * 1000, r[1]["median"] * 1000
print("rondo_status_ms %.2f\nmpc_status_ms %.2f\nrondo/mpc %.2f" % (rondo, mpc, rondo / mpc))
' "$work/cli.json"
