#!/usr/bin/env bash
# FLAC, Ogg Vorbis, Opus and AAC beside MP3: CPU of rondod while it plays the 40 s test track
# encoded as FLAC, as Opus and as AAC in M4A, against MPD playing the same files, each for
# SECONDS after 2 s of settling, interleaved, median of REPS rounds; then the scan rate of a
# mixed library (Tests/Fixtures/make-library-corpus.sh --mixed, COUNT music tracks: a third
# MP3, the rest FLAC, Vorbis, Opus and M4A in AAC or ALAC) by rondod (`rondo library scan`) and MPD (`mpc update --wait`) into
# empty databases, interleaved, median of REPS rounds. Prints "name value" lines and rondod's
# ratios to MPD.
# Usage: bench/formats.sh [SECONDS=20] [REPS=3] [COUNT=10000]   (SECONDS 0: the scan alone)
# Needs a PulseAudio server, a release build (swift build -c release), sox, flac, opus-tools,
# vorbis-tools, lame, ffmpeg, mpd, mpc.
. "$(dirname "$0")/lib.sh"
seconds=${1:-20}
reps=${2:-3}
count=${3:-10000}
mp3=$(track)

# The test track as FLAC (16-bit), Opus (128 kbit/s) and AAC in M4A (128 kbit/s), decoded
# from the MP3 once.
if [ ! -s "$work/music/track.flac" ] || [ ! -s "$work/music/track.opus" ] || [ ! -s "$work/music/track.m4a" ]; then
  sox "$mp3" -b 16 "$work/track16.wav"
  flac --silent -f -o "$work/music/track.flac" "$work/track16.wav"
  opusenc --quiet --bitrate 128 "$work/track16.wav" "$work/music/track.opus"
  ffmpeg -hide_banner -loglevel error -y -i "$work/track16.wav" -c:a aac -b:a 128k "$work/music/track.m4a"
  rm -f "$work/track16.wav"
fi

if [ "$seconds" -gt 0 ]; then
  for format in flac opus m4a; do
    : >"$work/cpu-rondod-$format"; : >"$work/cpu-mpd-$format"
  done
  for _ in $(seq "$reps"); do
    for format in flac opus m4a; do
      rm -f "$work/rondo.sqlite"*
      start_rondod
      "$bin/rondo" queue add "$work/music/track.$format" >/dev/null
      "$bin/rondo" repeat all >/dev/null
      "$bin/rondo" play >/dev/null
      sleep 2
      cpu_percent "$rondod_pid" "$seconds" >>"$work/cpu-rondod-$format"; echo >>"$work/cpu-rondod-$format"
      stop_pid "$rondod_pid"

      start_mpd
      mpd_play_on_repeat "track.$format"
      sleep 2
      cpu_percent "$mpd_pid" "$seconds" >>"$work/cpu-mpd-$format"; echo >>"$work/cpu-mpd-$format"
      stop_pid "$mpd_pid"
    done
  done
  for format in flac opus m4a; do
    r=$(median <"$work/cpu-rondod-$format")
    m=$(median <"$work/cpu-mpd-$format")
    echo "cpu_rondod_$format $r"
    echo "cpu_mpd_$format $m"
    awk -v r="$r" -v m="$m" -v f="$format" 'BEGIN{printf "cpu_%s_rondod/mpd %.2f\n", f, r/m}'
  done
fi

corpus=$work/mixed-corpus-$count
if [ ! -d "$corpus" ]; then
  "$root/Tests/Fixtures/make-library-corpus.sh" --mixed "$corpus" "$count" >/dev/null
fi
files=$(find "$corpus" -type f \( -name '*.mp3' -o -name '*.flac' -o -name '*.ogg' -o -name '*.opus' -o -name '*.m4a' \) | wc -l)
find "$corpus" -type f -print0 | xargs -0 cat >/dev/null # both scans read from a warm page cache

# scan_rondod: seconds rondod takes for a full scan into an empty database.
scan_rondod() {
  rm -f "$work/scan.sqlite"* "$RONDO_SOCKET"
  "$bin/rondod" --socket "$RONDO_SOCKET" --music-dir "$corpus" --database "$work/scan.sqlite" --output null \
    >/dev/null 2>"$work/rondod-scan.log" &
  scan_pid=$!
  for _ in $(seq 100); do "$bin/rondo" status >/dev/null 2>&1 && break; sleep 0.05; done
  local start
  start=$(date +%s.%N)
  "$bin/rondo" library scan >/dev/null
  awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN{print e-s}'
  stop_pid "$scan_pid"
}

# scan_mpd: seconds MPD takes for `mpc update --wait` into an empty database.
scan_mpd() {
  rm -rf "$work/mpd-scan"; mkdir -p "$work/mpd-scan"
  cat >"$work/mpd-scan.conf" <<CONF
music_directory "$corpus"
db_file "$work/mpd-scan/db"
bind_to_address "$work/mpd-scan.sock"
auto_update "no"
audio_output {
  type "null"
  name "null"
}
CONF
  # An existing but empty database: without one MPD scans on its own as it starts, before
  # the timed update.
  { printf 'info_begin\nformat: 2\nmpd_version: %s\nfs_charset: UTF-8\n' "$(mpd --version | awk 'NR==1{print $NF}' | tr -d '()')"
    for t in Artist ArtistSort Album AlbumSort AlbumArtist AlbumArtistSort Title Track Name Genre Date OriginalDate \
      Composer ComposerSort Performer Conductor Work Movement MovementNumber Ensemble Location Grouping Disc Label \
      MUSICBRAINZ_ARTISTID MUSICBRAINZ_ALBUMID MUSICBRAINZ_ALBUMARTISTID MUSICBRAINZ_TRACKID \
      MUSICBRAINZ_RELEASETRACKID MUSICBRAINZ_WORKID; do echo "tag: $t"; done
    echo info_end; } >"$work/mpd-scan/db"
  mpd --no-daemon "$work/mpd-scan.conf" >/dev/null 2>"$work/mpd-scan.log" &
  scan_pid=$!
  for _ in $(seq 100); do mpc -q -h "$work/mpd-scan.sock" status >/dev/null 2>&1 && break; sleep 0.05; done
  local start
  start=$(date +%s.%N)
  mpc -q -h "$work/mpd-scan.sock" update --wait
  awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN{print e-s}'
  stop_pid "$scan_pid"
}

# Interleaved, REPS rounds: one scan moves more between runs than between builds.
: >"$work/scan-rondod"; : >"$work/scan-mpd"
for _ in $(seq "$reps"); do
  scan_rondod >>"$work/scan-rondod"
  scan_mpd >>"$work/scan-mpd"
done
rondod_seconds=$(median <"$work/scan-rondod")
mpd_seconds=$(median <"$work/scan-mpd")

echo "scan_files $files"
awk -v f="$files" -v r="$rondod_seconds" -v m="$mpd_seconds" \
  'BEGIN{printf "scan_rondod_files_per_s %.0f\nscan_mpd_files_per_s %.0f\nscan_rondod/mpd %.2f\n", f/r, f/m, (f/r)/(f/m)}'
