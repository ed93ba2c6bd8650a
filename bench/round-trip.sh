#!/usr/bin/env bash
# Usage: bench/round-trip.sh [ROUNDS=6] [COUNT=10000]
# The status round trip (one connection, one request in flight) of rondod and MPD, and of
# the floor of each wire format: bench/fixed-reply.c, a server that answers every line with
# a fixed reply and does nothing else, speaking JSON-RPC and then MPD's protocol. The four
# take turns in each round, in an order that alternates between rounds. Prints each run and
# the medians, then three ratios: rondod to MPD, rondod to its format's floor (what rondod's
# own work adds), MPD to its floor; and the two floors' ratio (what the formats alone make).
# Needs cc, mpd, mpc and a release build; run it under with-audio-server.sh.
. "$(dirname "$0")/lib.sh"
rounds=${1:-6}
count=${2:-10000}
client="python3 $root/bench/round_trip.py"
floor_socket=$work/fixed-reply.sock
cc -O2 -o "$work/fixed-reply" "$root/bench/fixed-reply.c"
track >/dev/null

# measure NAME: one run of the server NAME, its p50 and p99 appended to $work/rt-NAME.
# Both daemons start from nothing saved, so both answer for a stopped player.
measure() {
  local result
  rm -rf "$work/mpd" "$work"/rondo.sqlite*
  case $1 in
    rondod) start_rondod; result=$($client jsonrpc "$RONDO_SOCKET" "$count"); stop_pid "$rondod_pid" ;;
    mpd) start_mpd; result=$($client mpd "$mpd_socket" "$count"); stop_pid "$mpd_pid" ;;
    floor-jsonrpc | floor-mpd)
      rm -f "$floor_socket"
      "$work/fixed-reply" "$floor_socket" "${1#floor-}" &
      local pid=$!
      for _ in $(seq 100); do [ -S "$floor_socket" ] && break; sleep 0.02; done
      result=$($client "${1#floor-}" "$floor_socket" "$count")
      stop_pid "$pid" ;;
  esac
  echo "$1 $result"
  echo "$result" >>"$work/rt-$1"
}

names="rondod floor-jsonrpc mpd floor-mpd"
for name in $names; do : >"$work/rt-$name"; done
for round in $(seq "$rounds"); do
  order=$names
  [ $((round % 2)) = 0 ] && order=$(echo "$names" | tr ' ' '\n' | tac | tr '\n' ' ')
  for name in $order; do measure "$name"; done
done

declare -A at
for column in 1 2; do
  label=$([ "$column" = 1 ] && echo p50 || echo p99)
  for name in $names; do
    at[$name]=$(awk -v c="$column" '{print $c}' "$work/rt-$name" | median)
    echo "round_trip_${label}_us $name ${at[$name]}"
  done
  awk -v r="${at[rondod]}" -v m="${at[mpd]}" -v fj="${at[floor-jsonrpc]}" -v fm="${at[floor-mpd]}" -v l="$label" 'BEGIN{
    printf "round_trip_%s rondod/mpd %.3f  rondod/floor-jsonrpc %.3f  mpd/floor-mpd %.3f  floor-jsonrpc/floor-mpd %.3f\n",
      l, r/m, r/fj, m/fm, fj/fm}'
done
