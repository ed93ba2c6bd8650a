#!/usr/bin/env bash
# Makes the demo tracks that `rondod --demo` plays, into this directory (or DIR), one in
# each format Rondo plays. Needs sox, lame, flac, vorbis-tools (oggenc), opus-tools
# (opusenc) and espeak-ng. The tracks are committed; run this only to remake them.
#   01 Welcome.mp3          spoken introduction (espeak-ng), MP3
#   02 Rondo in C.flac      plucked chords C G Am F, twice, FLAC
#   03 Arpeggios.ogg        the same progression, broken into arpeggios, Ogg Vorbis
#   04 Bells.opus           a slow bell-like melody over a drone, Opus
set -euo pipefail
dir=${1:-$(cd "$(dirname "$0")" && pwd)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mp3() { # WAV OUT TITLE TRACK GENRE
  lame --quiet -m j -b 64 --resample 44.1 --tt "$3" --ta "Rondo" --tl "Rondo Demo" --ty 2026 \
    --tn "$4/4" --tg "$5" --id3v2-only "$1" "$dir/$2"
}

# The Vorbis comments every non-MP3 track carries, each after FLAG: tagged FLAG TITLE TRACK GENRE
tagged() {
  local flag=$1
  tags=()
  for comment in "TITLE=$2" "ARTIST=Rondo" "ALBUM=Rondo Demo" "DATE=2026" "TRACKNUMBER=$3/4" "GENRE=$4"; do
    tags+=("$flag" "$comment")
  done
}

flac_track() { # WAV OUT TITLE TRACK GENRE
  sox "$1" -b 16 "$tmp/flac16.wav"
  tagged -T "$3" "$4" "$5"
  flac --silent -f -8 "${tags[@]}" -o "$dir/$2" "$tmp/flac16.wav"
}

ogg_track() { # WAV OUT TITLE TRACK GENRE
  sox "$1" -b 16 "$tmp/ogg16.wav"
  tagged -c "$3" "$4" "$5"
  oggenc --quiet -q 2 "${tags[@]}" -o "$dir/$2" "$tmp/ogg16.wav"
}

opus_track() { # WAV OUT TITLE TRACK GENRE
  sox "$1" -b 16 "$tmp/opus16.wav"
  tagged --comment "$3" "$4" "$5"
  opusenc --quiet --bitrate 64 "${tags[@]}" "$tmp/opus16.wav" "$dir/$2"
}

chord() { # OUT SECONDS NOTE...
  local out=$1 seconds=$2; shift 2
  local parts=() i=0
  for note in "$@"; do
    sox -n -r 44100 -c 1 "$tmp/n$i.wav" synth "$seconds" pluck "$note" fade 0 "$seconds" 0.3
    parts+=("$tmp/n$i.wav"); i=$((i + 1))
  done
  sox -m "${parts[@]}" -c 2 "$out" norm -6
}

espeak-ng -s 150 -w "$tmp/welcome.wav" \
  "Welcome to Rondo. This is the demo library, made by the project itself. \
   Try rondo pause, rondo next, or rondo seek plus ten. Enjoy the music."
sox "$tmp/welcome.wav" -r 44100 -c 2 "$tmp/welcome44.wav" norm -3 pad 0 0.5
mp3 "$tmp/welcome44.wav" "01 Welcome.mp3" "Welcome" 1 "Speech"

progression=("C3 E4 G4 C5" "G2 D4 G4 B4" "A2 E4 A4 C5" "F2 C4 F4 A4")
bars=()
for round in 1 2; do
  for k in "${!progression[@]}"; do
    # shellcheck disable=SC2086
    chord "$tmp/bar$round$k.wav" 2 ${progression[$k]}
    bars+=("$tmp/bar$round$k.wav")
  done
done
sox "${bars[@]}" "$tmp/chords.wav"
flac_track "$tmp/chords.wav" "02 Rondo in C.flac" "Rondo in C" 2 "Demo"

notes=()
i=0
for round in 1 2; do
  for k in "${!progression[@]}"; do
    for note in ${progression[$k]} ${progression[$k]}; do
      sox -n -r 44100 -c 2 "$tmp/a$i.wav" synth 0.25 pluck "$note" fade 0 0.25 0.05
      notes+=("$tmp/a$i.wav"); i=$((i + 1))
    done
  done
done
sox "${notes[@]}" "$tmp/arpeggios.wav" norm -6
ogg_track "$tmp/arpeggios.wav" "03 Arpeggios.ogg" "Arpeggios" 3 "Demo"

melody=(E5 G5 C6 B5 G5 A5 F5 E5)
tones=()
for k in "${!melody[@]}"; do
  sox -n -r 44100 -c 2 "$tmp/b$k.wav" synth 1.5 sine "${melody[$k]}" fade 0.01 1.5 1.4
  tones+=("$tmp/b$k.wav")
done
sox "${tones[@]}" "$tmp/melody.wav"
sox -n -r 44100 -c 2 "$tmp/drone.wav" synth 12 sine C3 vol 0.15 fade 1 12 2
sox -m "$tmp/melody.wav" "$tmp/drone.wav" "$tmp/bells.wav" norm -6
opus_track "$tmp/bells.wav" "04 Bells.opus" "Bells" 4 "Demo"
