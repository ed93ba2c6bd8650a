#!/usr/bin/env bash
# Makes the fixtures the tests play, into DIR (default: Tests/Fixtures/generated).
# Needs sox, lame, flac, oggenc (vorbis-tools), opusenc (opus-tools), ffmpeg and python3. Idempotent: a
# fixture that exists is kept.
#   tone440.mp3         5 s, 440 Hz at half scale, 44.1 kHz stereo, full ID3v2 tags
#   steps.mp3           10 s; second k is a (300 + 100·k) Hz tone: the frequency tells the position
#   tone660-mono48k.mp3 3 s, 660 Hz, 48 kHz mono (another format: a new stream)
#   short-a.mp3, short-b.mp3   1.5 s each, 500 Hz then 700 Hz, same format (gapless pair)
#   long440.mp3         20 s, 440 Hz (steady playback over many seconds, at any rate)
#   noise48k.mp3        20 s of pink noise, 48 kHz stereo (broadband: two recordings of it align
#                       by cross-correlation to the sample)
#   speech440.mp3       20 s, 440 Hz, genre Speech (spoken word: prompts pause it)
#   prompt1000.wav      1.5 s, 1000 Hz, 44.1 kHz stereo WAV (a voice prompt that paplay plays)
#   prompt-short.wav    50 ms of the same tone (a prompt played thousands of times)
#   prompt1000-long.wav 10 s of the same tone (another program's prompt, killed midway)
#   music660.wav        20 s, 660 Hz (another program's music, played by paplay)
#   call1500.wav        20 s, 1500 Hz (another program's call)
#   empty.mp3, text.mp3 an empty file and a text file named .mp3 (not decodable)
#   tone440.{flac,ogg,opus}, steps.{flac,ogg,opus}   the same tones as FLAC (16-bit), Ogg Vorbis
#                       and Opus (made from a 48 kHz rendering, Opus's own rate)
#   short-a.flac, short-b.flac   the gapless pair as FLAC
#   tone660-mono.opus   the mono tone as Opus; chained.opus   steps.opus, then it, chained
#   tone440.m4a (AAC, tagged), tone440-alac.m4a (ALAC of tone440.flac's samples), tone440.aac (ADTS),
#   steps.m4a (AAC), steps-alac.m4a   the same tones in Apple's formats, made by ffmpeg
#   half-a.m4a, half-b.m4a   1 s each: the two halves of one 1 kHz sine, as AAC (gapless pair)
#   changing.aac        raw AAC: 1 s of 440 Hz at 44.1 kHz stereo, then 1 s of 660 Hz at 22.05 kHz mono
#   chapters.{m4b,mp3,flac,ogg}   6 s: three 2 s chapters "Low", "Middle", "High" at 440, 660
#                       and 880 Hz, genre Audiobook, marked as each format marks chapters
#   chapters-cuesheet.flac   the same, marked by a FLAC CUESHEET block instead
#   chapters-unsynchronised.mp3   the same, its ID3v2.3 tag unsynchronised as a whole
#   book12.m4b          18 s of 440 Hz in twelve 1.5 s chapters "Part 1"…"Part 12", genre
#                       Audiobook, album "Twelve Parts"
#   steps-video.mp4     10 s of a small black picture (MPEG-4 part 2) with steps.m4a's AAC sound,
#                       as a video podcast's episode; silent-video.mp4, the same picture alone
#   titled-songs.{ogg,opus}   the gapless pair's tones as two chained links, each with its
#                       own ARTIST and TITLE comments, as a live Ogg station sends its songs
set -euo pipefail
dir=${1:-$(dirname "$0")/generated}
mkdir -p "$dir"
cd "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mp3() { # OUT WAV TITLE ARTIST ALBUM TRACK
  [ -s "$1" ] || lame --quiet -b 128 --tt "$3" --ta "$4" --tl "$5" --tn "$6" --id3v2-only "$2" "$1"
}
# The encoders below read 16-bit PCM: sox's synth writes float WAV.
flac_() { # OUT WAV
  [ -s "$1" ] || sox "$2" -b 16 -t wav - | flac --silent --force -o "$1" -
}
vorbis() { # OUT WAV
  [ -s "$1" ] || sox "$2" -b 16 -t wav - | oggenc --quiet -q 5 -o "$1" -
}
opus() { # OUT WAV48K
  [ -s "$1" ] || sox "$2" -b 16 -t wav - | opusenc --quiet - "$1"
}

sox -n -r 44100 -c 2 "$tmp/tone440.wav" synth 5 sine 440 vol 0.5
mp3 tone440.mp3 "$tmp/tone440.wav" "Tone 440" "Rondo Fixtures" "Test Tones" 1
flac_ tone440.flac "$tmp/tone440.wav"
vorbis tone440.ogg "$tmp/tone440.wav"
sox -n -r 48000 -c 2 "$tmp/tone440-48k.wav" synth 5 sine 440 vol 0.5
opus tone440.opus "$tmp/tone440-48k.wav"

parts=()
for k in $(seq 0 9); do
  sox -n -r 44100 -c 2 "$tmp/step$k.wav" synth 1 sine $((300 + 100 * k)) vol 0.5
  parts+=("$tmp/step$k.wav")
done
sox "${parts[@]}" "$tmp/steps.wav"
mp3 steps.mp3 "$tmp/steps.wav" "Steps" "Rondo Fixtures" "Test Tones" 2
flac_ steps.flac "$tmp/steps.wav"
vorbis steps.ogg "$tmp/steps.wav"
sox "$tmp/steps.wav" -r 48000 "$tmp/steps-48k.wav"
opus steps.opus "$tmp/steps-48k.wav"

sox -n -r 48000 -c 1 "$tmp/mono.wav" synth 3 sine 660 vol 0.5
mp3 tone660-mono48k.mp3 "$tmp/mono.wav" "Mono 660" "Rondo Fixtures" "Test Tones" 3
opus tone660-mono.opus "$tmp/mono.wav"
# Two Ogg streams one after the other are one chained stream.
[ -s chained.opus ] || cat steps.opus tone660-mono.opus >chained.opus

# Apple's formats: ffmpeg's AAC encoder writes an edit list for its priming and padding.
m4a() { # OUT SOURCE CODEC [OPTIONS...]
  local out=$1 wav=$2 codec=$3
  shift 3
  [ -s "$out" ] || ffmpeg -hide_banner -loglevel error -i "$wav" -c:a "$codec" "$@" "$out"
}
m4a tone440.m4a "$tmp/tone440.wav" aac -b:a 128k -metadata title="Tone 440 AAC" -metadata artist="Rondo Fixtures" \
  -metadata album="Test Tones" -metadata genre="Test" -metadata track=7
# Made from the FLAC files' 16-bit samples, so that the two lossless files decode alike.
m4a tone440-alac.m4a tone440.flac alac
[ -s tone440.aac ] || ffmpeg -hide_banner -loglevel error -i "$tmp/tone440.wav" -c:a aac -b:a 128k -f adts tone440.aac
m4a steps.m4a "$tmp/steps.wav" aac -b:a 160k
m4a steps-alac.m4a steps.flac alac
# Video podcasts: the picture first, as cameras write it, and the index at the front.
[ -s steps-video.mp4 ] || ffmpeg -hide_banner -loglevel error -f lavfi -i color=c=black:s=64x48:r=10:d=10 -i steps.m4a \
  -map 0:v -map 1:a -c:v mpeg4 -c:a copy -movflags +faststart steps-video.mp4
[ -s silent-video.mp4 ] || ffmpeg -hide_banner -loglevel error -f lavfi -i color=c=black:s=64x48:r=10:d=10 -c:v mpeg4 \
  -movflags +faststart silent-video.mp4
sox -n -r 44100 -c 2 "$tmp/sine1k.wav" synth 2 sine 1000 vol 0.5
sox "$tmp/sine1k.wav" "$tmp/half-a.wav" trim 0 1
sox "$tmp/sine1k.wav" "$tmp/half-b.wav" trim 1 1
# Raw AAC whose second half changes rate and channels (a stereo station's mono advert).
if [ ! -s changing.aac ]; then
  sox -n -r 44100 -c 2 "$tmp/changing-a.wav" synth 1 sine 440 vol 0.5
  sox -n -r 22050 -c 1 "$tmp/changing-b.wav" synth 1 sine 660 vol 0.5
  ffmpeg -hide_banner -loglevel error -i "$tmp/changing-a.wav" -c:a aac -b:a 128k -f adts "$tmp/changing-a.aac"
  ffmpeg -hide_banner -loglevel error -i "$tmp/changing-b.wav" -c:a aac -b:a 64k -f adts "$tmp/changing-b.aac"
  cat "$tmp/changing-a.aac" "$tmp/changing-b.aac" >changing.aac
fi
m4a half-a.m4a "$tmp/half-a.wav" aac -b:a 160k
m4a half-b.m4a "$tmp/half-b.wav" aac -b:a 160k

# Three chapters of 2 s each, each its own tone (440, 660, 880 Hz), marked the way each
# format marks chapters: an MP4 chapter track, ID3v2 CHAP frames, Vorbis CHAPTERnnn comments.
cat >"$tmp/chapters.txt" <<'META'
;FFMETADATA1
title=Three Tones
artist=Rondo Fixtures
genre=Audiobook
[CHAPTER]
TIMEBASE=1/1000
START=0
END=2000
title=Low
[CHAPTER]
TIMEBASE=1/1000
START=2000
END=4000
title=Middle
[CHAPTER]
TIMEBASE=1/1000
START=4000
END=6000
title=High
META
sox -n -r 44100 -c 2 "$tmp/ch1.wav" synth 2 sine 440 vol 0.5
sox -n -r 44100 -c 2 "$tmp/ch2.wav" synth 2 sine 660 vol 0.5
sox -n -r 44100 -c 2 "$tmp/ch3.wav" synth 2 sine 880 vol 0.5
sox "$tmp/ch1.wav" "$tmp/ch2.wav" "$tmp/ch3.wav" -b 16 "$tmp/chapters.wav"
for out in chapters.m4b chapters.mp3; do
  [ -s "$out" ] || ffmpeg -hide_banner -loglevel error -i "$tmp/chapters.wav" -i "$tmp/chapters.txt" -map 0:a \
    -map_metadata 1 -map_chapters 1 "$out"
done
# ffmpeg writes no CHAPTERnnn comments: they are added as a tagger would.
vorbis_chapters=(CHAPTER001=00:00:00.000 CHAPTER001NAME=Low CHAPTER002=00:00:02.000 CHAPTER002NAME=Middle
  CHAPTER003=00:00:04.000 CHAPTER003NAME=High TITLE="Three Tones" ARTIST="Rondo Fixtures" GENRE=Audiobook)
if [ ! -s chapters.flac ]; then
  flac --silent --force -o chapters.flac "$tmp/chapters.wav"
  metaflac "${vorbis_chapters[@]/#/--set-tag=}" chapters.flac
fi
if [ ! -s chapters.ogg ]; then
  oggenc --quiet -q 3 -o chapters.ogg "$tmp/chapters.wav"
  vorbiscomment -w "${vorbis_chapters[@]/#/-t}" chapters.ogg
fi
# The same marks as a FLAC CUESHEET block (untitled tracks, as a CD rip keeps them).
if [ ! -s chapters-cuesheet.flac ]; then
  printf 'FILE "chapters.wav" WAVE\n' >"$tmp/chapters.cue"
  for track in 1 2 3; do
    printf '  TRACK %02d AUDIO\n    INDEX 01 00:%02d:00\n' "$track" $(((track - 1) * 2)) >>"$tmp/chapters.cue"
  done
  flac --silent --force -o chapters-cuesheet.flac "$tmp/chapters.wav"
  metaflac --import-cuesheet-from="$tmp/chapters.cue" chapters-cuesheet.flac
fi
# chapters.mp3's ID3v2.3 tag, unsynchronised as a whole (a 0 after every 0xFF that could
# start a frame sync, and the header's flag), as some older taggers write it.
if [ ! -s chapters-unsynchronised.mp3 ]; then
  ffmpeg -hide_banner -loglevel error -i "$tmp/chapters.wav" -i "$tmp/chapters.txt" -map 0:a -map_metadata 1 \
    -map_chapters 1 -id3v2_version 3 "$tmp/chapters-v3.mp3"
  python3 - "$tmp/chapters-v3.mp3" chapters-unsynchronised.mp3 <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
size = 0
for byte in data[6:10]:
    size = size << 7 | byte
body = data[10:10 + size]
out = bytearray()
for index, byte in enumerate(body):
    out.append(byte)
    if byte == 0xFF and (index + 1 == len(body) or body[index + 1] >= 0xE0 or body[index + 1] == 0):
        out.append(0)
header = bytearray(data[:10])
header[5] |= 0x80
header[6:10] = bytes((len(out) >> shift) & 0x7F for shift in (21, 14, 7, 0))
open(sys.argv[2], "wb").write(bytes(header) + bytes(out) + data[10 + size:])
PY
fi

# An audiobook of twelve 1.5 s chapters, "Part 1" to "Part 12", in one .m4b.
if [ ! -s book12.m4b ]; then
  {
    printf ';FFMETADATA1\ntitle=Twelve Parts\nartist=Rondo Fixtures\nalbum=Twelve Parts\ngenre=Audiobook\n'
    for part in $(seq 1 12); do
      printf '[CHAPTER]\nTIMEBASE=1/1000\nSTART=%d\nEND=%d\ntitle=Part %d\n' $(((part - 1) * 1500)) $((part * 1500)) "$part"
    done
  } >"$tmp/book12.txt"
  sox -n -r 44100 -c 2 "$tmp/book12.wav" synth 18 sine 440 vol 0.5
  ffmpeg -hide_banner -loglevel error -i "$tmp/book12.wav" -i "$tmp/book12.txt" -map 0:a -map_metadata 1 \
    -map_chapters 1 -c:a aac -b:a 64k book12.m4b
fi

sox -n -r 44100 -c 2 "$tmp/a.wav" synth 1.5 sine 500 vol 0.5
sox -n -r 44100 -c 2 "$tmp/b.wav" synth 1.5 sine 700 vol 0.5
mp3 short-a.mp3 "$tmp/a.wav" "Short A" "Rondo Fixtures" "Test Tones" 4
mp3 short-b.mp3 "$tmp/b.wav" "Short B" "Rondo Fixtures" "Test Tones" 5
flac_ short-a.flac "$tmp/a.wav"
flac_ short-b.flac "$tmp/b.wav"
if [ ! -s titled-songs.ogg ]; then
  sox "$tmp/a.wav" -b 16 -t wav - | oggenc --quiet -q 2 -a "Artist One" -t "Song One" -o "$tmp/one.ogg" -
  sox "$tmp/b.wav" -b 16 -t wav - | oggenc --quiet -q 2 -a "Artist Two" -t "Song Two" -o "$tmp/two.ogg" -
  cat "$tmp/one.ogg" "$tmp/two.ogg" >titled-songs.ogg
fi
if [ ! -s titled-songs.opus ]; then
  sox "$tmp/a.wav" -r 48000 -b 16 -t wav - | opusenc --quiet --artist "Artist One" --title "Song One" - "$tmp/one.opus"
  sox "$tmp/b.wav" -r 48000 -b 16 -t wav - | opusenc --quiet --artist "Artist Two" --title "Song Two" - "$tmp/two.opus"
  cat "$tmp/one.opus" "$tmp/two.opus" >titled-songs.opus
fi

sox -n -r 44100 -c 2 "$tmp/long.wav" synth 20 sine 440 vol 0.5
mp3 long440.mp3 "$tmp/long.wav" "Long 440" "Rondo Fixtures" "Test Tones" 6
sox -n -r 48000 -c 2 "$tmp/noise.wav" synth 20 pinknoise vol 0.5
mp3 noise48k.mp3 "$tmp/noise.wav" "Pink Noise" "Rondo Fixtures" "Test Tones" 7

[ -s speech440.mp3 ] || lame --quiet -b 128 --tt "Spoken 440" --ta "Rondo Fixtures" --tg Speech --id3v2-only \
  "$tmp/long.wav" speech440.mp3

[ -s prompt1000.wav ] || sox -n -r 44100 -c 2 -b 16 prompt1000.wav synth 1.5 sine 1000 vol 0.5
[ -s prompt-short.wav ] || sox -n -r 44100 -c 2 -b 16 prompt-short.wav synth 0.05 sine 1000 vol 0.5
[ -s prompt1000-long.wav ] || sox -n -r 44100 -c 2 -b 16 prompt1000-long.wav synth 10 sine 1000 vol 0.5
[ -s music660.wav ] || sox -n -r 44100 -c 2 -b 16 music660.wav synth 20 sine 660 vol 0.5
[ -s call1500.wav ] || sox -n -r 44100 -c 2 -b 16 call1500.wav synth 20 sine 1500 vol 0.5

: > empty.mp3
echo "this is not an mp3 file" > text.mp3
