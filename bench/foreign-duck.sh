#!/usr/bin/env bash
# Foreign duck reaction: another program's navigation prompt (paplay with media.role=
# navigation) ducking music, from the prompt heard to the duck heard at the monitor: rondod
# adopting the prompt and ducking its own music, against PulseAudio's module-role-ducking
# (the same trigger role and duck level, -10.5 dB) ducking a paplay with media.role=music,
# in the same run on the same server.
# Usage: bench/with-audio-server.sh pulseaudio bench/foreign-duck.sh [ROUNDS=20]
# Needs PulseAudio (module-role-ducking), a build of rondod (RONDO_BIN, release by
# default), sox, lame, python3.
. "$(dirname "$0")/lib.sh"
rounds=${1:-20}
tone=$(tone440)
prompt=$work/prompt1000.wav
[ -s "$prompt" ] || sox -n -r 44100 -c 2 -b 16 "$prompt" synth 1.5 sine 1000 vol 0.5
rm -f "$work/rondo.sqlite"*
start_rondod
trap 'stop_pid "$rondod_pid"' EXIT
"$bin/rondo" queue add "$tone" >/dev/null
"$bin/rondo" repeat all >/dev/null
"$bin/rondo" play >/dev/null
python3 "$(dirname "$0")/foreign_duck_reaction.py" rondod "$prompt" "$rounds" --save "$work/foreign-duck.json"
stop_pid "$rondod_pid"
trap - EXIT

module=$(pactl load-module module-role-ducking trigger_roles=navigation ducking_roles=music volume=-10.5dB)
paplay --property=media.role=music "$work/tone440.wav" &
music=$!
trap 'kill "$music" 2>/dev/null; pactl unload-module "$module"' EXIT
python3 "$(dirname "$0")/foreign_duck_reaction.py" module-role-ducking "$prompt" "$rounds" \
  --compare "$work/foreign-duck.json"
