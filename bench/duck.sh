#!/usr/bin/env bash
# Duck reaction: time from `session.activate` of a duckOthers session to rondod's music
# being heard attenuated at the default sink's monitor, against `pactl set-sink-input-volume`
# of the same stream to the same gain (the floor PulseAudio itself sets), in the same run.
# Usage: bench/duck.sh [ROUNDS=20]
# Needs a PulseAudio server, a release build (swift build -c release), sox, lame, python3.
. "$(dirname "$0")/lib.sh"
rounds=${1:-20}
tone=$work/music/tone440.mp3
if [ ! -s "$tone" ]; then
  sox -n -r 44100 -c 2 "$work/tone440.wav" synth 120 sine 440 vol 0.5
  lame --quiet -b 128 "$work/tone440.wav" "$tone"
  rm -f "$work/tone440.wav"
fi
rm -f "$work/rondo.sqlite"*
start_rondod
trap 'stop_pid "$rondod_pid"' EXIT
"$bin/rondo" queue add "$tone" >/dev/null
"$bin/rondo" repeat all >/dev/null
"$bin/rondo" play >/dev/null
python3 "$(dirname "$0")/duck_reaction.py" "$RONDO_SOCKET" "$rounds"
