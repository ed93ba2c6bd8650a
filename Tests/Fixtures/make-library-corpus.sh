#!/usr/bin/env bash
# Makes a tagged music library for scanner tests and benchmarks: make-library-corpus.sh [--mixed] OUT_DIR [COUNT]
# Needs sox, lame and python3 (and, for --mixed, flac, vorbis-tools, opus-tools and ffmpeg). COUNT (default 300) music tracks in Artist/Album (Year)/NN Title.mp3,
# across artists ("The …" and accented names), albums, years and discs; a Podcasts/ folder with
# episodes; playlists/mix.m3u8 (relative, absolute, CRLF, BOM, #EXTINF); and bad files:
# bad/empty.mp3, bad/truncated.mp3, bad/random.mp3, bad/text.mp3, bad/oversized-tag.mp3 (16 MiB tag).
# Three short base MP3s are encoded once; every track is a copy with its own ID3v2.3 or 2.4 tag.
# --mixed makes two thirds of the music tracks other formats, each encoded with its tags (flac,
# oggenc, opusenc, ffmpeg): every sixth track from the second is .flac, from the fourth .ogg,
# from the sixth .opus, every twelfth from the third .m4a in AAC and from the ninth .m4a in ALAC,
# the same names and tags otherwise; and adds bad/truncated.flac, bad/truncated.ogg,
# bad/truncated.m4a and bad/text.opus. Without it the output is MP3 only, as it always was.
set -euo pipefail
mixed=0
if [ "${1:-}" = "--mixed" ]; then
  mixed=1
  shift
fi
out=${1:?usage: make-library-corpus.sh [--mixed] OUT_DIR [COUNT]}
count=${2:-300}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for spec in "a 440 1" "b 550 2" "c 660 1"; do
  set -- $spec
  sox -n -r 44100 -c "$3" "$tmp/$1.wav" synth 1 sine "$2" vol 0.3
  lame --quiet -b 64 "$tmp/$1.wav" "$tmp/$1.mp3"
  if [ "$mixed" = 1 ]; then
    sox -n -r 44100 -b 16 -c "$3" "$tmp/$1-16.wav" synth 1 sine "$2" vol 0.3
  fi
done
python3 - "$out" "$count" "$tmp" "$mixed" <<'PY'
import os, random, subprocess, sys
out, count, tmp, mixed = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
bases = [open(os.path.join(tmp, n + ".mp3"), "rb").read() for n in "abc"]
rng = random.Random(7)

def synchsafe(n):
    return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])

def tag(fields, version):
    frames = b""
    for fid, value in fields:
        if value is None:
            continue
        payload = (b"\x03" + value.encode("utf-8")) if version == 4 else (b"\x01" + value.encode("utf-16"))
        size = synchsafe(len(payload)) if version == 4 else len(payload).to_bytes(4, "big")
        frames += fid.encode() + size + b"\x00\x00" + payload
    return b"ID3" + bytes([version, 0, 0]) + synchsafe(len(frames)) + frames

def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)

bases_wav = [os.path.join(tmp, n + "-16.wav") for n in "abc"]
comment_keys = {"TIT2": "TITLE", "TPE1": "ARTIST", "TALB": "ALBUM", "TRCK": "TRACKNUMBER", "TPOS": "DISCNUMBER",
                "TCON": "GENRE", "TDRC": "DATE", "TYER": "DATE"}

def encode(kind, fields, wav, path):
    comments = [f"{comment_keys[fid]}={value}" for fid, value in fields if value is not None]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if kind == "flac":
        command = ["flac", "--silent", "-f"] + [a for c in comments for a in ("-T", c)] + ["-o", path, wav]
    elif kind == "ogg":
        command = ["oggenc", "-Q"] + [a for c in comments for a in ("-c", c)] + ["-o", path, wav]
    elif kind == "opus":
        command = ["opusenc", "--quiet"] + [a for c in comments for a in ("--comment", c)] + [wav, path]
    else:
        names = {"TITLE": "title", "ARTIST": "artist", "ALBUM": "album", "TRACKNUMBER": "track", "DISCNUMBER": "disc",
                 "GENRE": "genre", "DATE": "date"}
        metadata = [a for c in comments for a in ("-metadata", names[c.split("=", 1)[0]] + "=" + c.split("=", 1)[1])]
        codec = ["-c:a", "aac", "-b:a", "96k"] if kind == "m4a" else ["-c:a", "alac", "-f", "ipod"]
        command = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", wav] + codec + metadata + [path]
    subprocess.run(command, check=True)

artists = ["The Beatles", "Édith Piaf", "ABBA", "the Kinks", "Björk", "Zoë Keating", "Ólafur Arnalds",
           "The The", "Ångström Trio", "Miles Davis", "Nina Simone", "Sigur Rós"]
genres = ["Rock", "Chanson", "Pop", "Jazz", "Electronic", "Classical"]
paths = []
per_album, albums_per_artist = 10, 3
index = 0
while index < count:
    artist = artists[(index // (per_album * albums_per_artist)) % len(artists)]
    round_ = index // (per_album * albums_per_artist * len(artists))
    album_no = (index // per_album) % albums_per_artist
    album = f"Album {album_no + 1}" + (f" Vol {round_ + 1}" if round_ else "")
    year = None if album_no == 2 else 1960 + (index // per_album) % 50
    number = index % per_album + 1
    disc = 1 if number <= 6 else 2
    title = f"Song {index:05d} {rng.choice(['Love', 'Night', 'Été', 'River', 'Blue'])}"
    folder = f"{artist}/{album}" + (f" ({year})" if year else "")
    path = os.path.join(out, folder, f"{number:02d} {title}.mp3")
    version = 3 + index % 2
    fields = [("TIT2", title), ("TPE1", artist), ("TALB", album), ("TRCK", f"{number}/{per_album}"),
              ("TPOS", f"{disc}/2"), ("TCON", genres[index % len(genres)]),
              ("TDRC" if version == 4 else "TYER", str(year) if year else None)]
    kind = ({1: "flac", 3: "ogg", 5: "opus"}.get(index % 6) or {2: "m4a", 8: "alac"}.get(index % 12)) if mixed else None
    if kind:
        path = path[:-len(".mp3")] + "." + ("m4a" if kind == "alac" else kind)
        encode(kind, fields, bases_wav[index % 3], path)
    else:
        write(path, tag(fields, version) + bases[index % 3])
    paths.append(path)
    index += 1

for show, episodes in [("Science Hour", 4), ("Daily Chat", 3)]:
    for n in range(1, episodes + 1):
        fields = [("TIT2", f"{show} Episode {n}"), ("TPE1", "Rondo Radio"), ("TALB", show),
                  ("TRCK", str(n)), ("TCON", "Podcast")]
        write(os.path.join(out, "Podcasts", show, f"episode{n}.mp3"), tag(fields, 3) + bases[0])
write(os.path.join(out, "Audiobooks", "A Long Story", "chapter1.mp3"),
      tag([("TIT2", "Chapter 1"), ("TPE1", "Reader"), ("TALB", "A Long Story"), ("TRCK", "1")], 4) + bases[1])

picked = paths[:6]
lines = ["#EXTM3U"]
for i, p in enumerate(picked):
    lines.append(f"#EXTINF:1,{os.path.basename(p)}")
    lines.append(p if i % 2 else os.path.relpath(p, os.path.join(out, "playlists")))
lines.append("../missing/not-there.mp3")
write(os.path.join(out, "playlists", "mix.m3u8"), b"\xef\xbb\xbf" + "\r\n".join(lines).encode() + b"\r\n")

good = tag([("TIT2", "Broken")], 3) + bases[0]
write(os.path.join(out, "bad", "empty.mp3"), b"")
write(os.path.join(out, "bad", "truncated.mp3"), good[:60])
write(os.path.join(out, "bad", "random.mp3"), random.Random(1).randbytes(64 * 1024))
write(os.path.join(out, "bad", "text.mp3"), b"this is a text file, not an mp3\n" * 20)
bogus = 16 << 20  # a real 16 MiB tag: one frame of junk a reader must not load
junk = b"TXXX" + (bogus - 10).to_bytes(4, "big") + b"\x00\x00" + bytes(bogus - 10)
write(os.path.join(out, "bad", "oversized-tag.mp3"), b"ID3\x03\x00\x00" + synchsafe(bogus) + junk + bases[0])
if mixed:
    for kind in ["flac", "ogg", "m4a"]:
        encode(kind, [("TIT2", "Broken")], bases_wav[0], os.path.join(tmp, "broken." + kind))
        write(os.path.join(out, "bad", "truncated." + kind), open(os.path.join(tmp, "broken." + kind), "rb").read()[:40])
    write(os.path.join(out, "bad", "text.opus"), b"this is a text file, not an opus file\n" * 20)
PY
