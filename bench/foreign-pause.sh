#!/usr/bin/env bash
# Foreign pause: another program's call (paplay with media.role=phone, 1.5 s) pausing mpv
# (with mpv-mpris) through rondod, timed from the call's start to mpv reporting Paused, and
# from its end to mpv reporting Playing, on a private session bus.
# Usage: bench/with-audio-server.sh pulseaudio bench/foreign-pause.sh [ROUNDS=20]
# Needs mpv with mpv-mpris, playerctl, dbus-daemon, a build of rondod (RONDO_BIN, release
# by default), sox, lame, python3.
. "$(dirname "$0")/lib.sh"
rounds=${1:-20}
music=$(tone440)
call=$work/call1500.wav
[ -s "$call" ] || sox -n -r 44100 -c 2 -b 16 "$call" synth 1.5 sine 1500 vol 0.5
read -r bus_address bus_pid < <(dbus-daemon --session --fork --print-address=1 --print-pid=1 | paste -sd' ')
export DBUS_SESSION_BUS_ADDRESS=$bus_address
rm -f "$work/rondo.sqlite"*
start_rondod
trap 'stop_pid "$rondod_pid"; kill "$bus_pid"' EXIT
python3 "$(dirname "$0")/foreign_pause.py" "$call" "$music" "$rounds"
