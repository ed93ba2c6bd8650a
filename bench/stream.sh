#!/usr/bin/env bash
# Streams: rondod against MPD (its curl input) and mpv, on a private Icecast station on
# loopback (icecast2, fed by ffmpeg: a 440 Hz tone at half of full scale, MP3 128 kbit/s,
# Icecast's default 64 KiB burst on connect), all three daemons started once and idle
# before anything is timed. In one run:
#  1. play → first sound: the time from the play command on the player's own control socket
#     to the tone heard at the default sink's monitor, and the player's own share of it (from
#     the server's first byte, seen by a TCP proxy in front of Icecast, to the tone heard),
#     (stream_timing.py first-sound), ROUNDS rounds, the players' order rotating;
#  2. CPU (% of one core, cpu_percent of lib.sh) of each player while it plays the station,
#     SECONDS after 3 s of settling, ROUNDS interleaved rounds, medians;
#  3. a dropped connection: each plays the station through a TCP proxy that then cuts every
#     connection (RST to the player); from the cut, when it connects again and when the tone
#     is heard again (stream_timing.py reconnect), ROUNDS rounds.
# Prints the raw rounds, then "name figure value" medians and rondod's ratios.
# Usage: bench/stream.sh [ROUNDS=7] [SECONDS=20]
# Needs a PulseAudio server (run it under with-audio-server.sh), a release build, icecast2,
# ffmpeg, curl, mpd, mpv, python3; perf (linux-perf) for fine CPU figures.
. "$(dirname "$0")/lib.sh"
rounds=${1:-7}
seconds=${2:-20}
timing="/usr/bin/python3 $root/bench/stream_timing.py"
dir=$work/stream
rm -rf "$dir"
mkdir -p "$dir/icecast" "$dir/mpd" "$dir/music" "$dir/runtime" "$dir/mpv"
chmod 0700 "$dir/runtime"
pids=()
cleanup() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop_pid "${pids[i]}"; done
}
trap cleanup EXIT
free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Icecast, as in Sources/RondoTesting/IcecastConfiguration.swift: run as root it changes to
# nobody once bound, so its directory is nobody's.
port=$(free_port)
security=
if [ "$(id -u)" = 0 ]; then
  chown nobody:"$(id -gn nobody)" "$dir/icecast"
  security="<security><chroot>0</chroot><changeowner><user>nobody</user><group>$(id -gn nobody)</group></changeowner></security>"
fi
cat >"$dir/icecast/icecast.xml" <<XML
<icecast>
  <location>loopback</location><admin>bench@localhost</admin><hostname>127.0.0.1</hostname>
  <limits>
    <clients>32</clients><sources>2</sources><queue-size>1048576</queue-size>
    <client-timeout>30</client-timeout><header-timeout>10</header-timeout><source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect><burst-size>65535</burst-size>
  </limits>
  <authentication>
    <source-password>bench-source</source-password><relay-password>bench-source</relay-password>
    <admin-user>admin</admin-user><admin-password>bench-admin</admin-password>
  </authentication>
  <listen-socket><port>$port</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <mount type="default"><mp3-metadata-interval>16000</mp3-metadata-interval></mount>
  <fileserve>0</fileserve>
  <paths>
    <basedir>$dir/icecast</basedir><logdir>$dir/icecast</logdir><pidfile>$dir/icecast/icecast.pid</pidfile>
    <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot>
  </paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>3</loglevel></logging>
  $security
</icecast>
XML
icecast2 -c "$dir/icecast/icecast.xml" >"$dir/icecast.out" 2>&1 &
pids+=($!)
for _ in $(seq 200); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.05; done
tone="aevalsrc=0.5*sin(2*PI*440*t)|0.5*sin(2*PI*440*t):s=44100:c=stereo"
ffmpeg -hide_banner -nostdin -loglevel warning -re -f lavfi -i "$tone" -c:a libmp3lame -b:a 128k \
  -write_xing 0 -id3v2_version 0 -content_type audio/mpeg -ice_name "Bench FM" -flush_packets 1 \
  -f mp3 "icecast://source:bench-source@127.0.0.1:$port/live.mp3" 2>"$dir/ffmpeg.log" &
pids+=($!)
for _ in $(seq 200); do
  curl -s -u admin:bench-admin "http://127.0.0.1:$port/admin/listmounts" | grep -q '/live.mp3' && break
  sleep 0.05
done
url=http://127.0.0.1:$port/live.mp3
sleep 2 # a full burst at the server for the first listener

# The three players, each on a control socket of its own, all idle.
rondo_socket=$dir/rondo.sock
XDG_RUNTIME_DIR=$dir/runtime "$bin/rondod" --socket "$rondo_socket" --music-dir "$dir/music" \
  --database "$dir/rondo.sqlite" --view off --log-level "${RONDOD_LOG_LEVEL:-info}" 2>"$dir/rondod.log" &
rondod_pid=$!
pids+=("$rondod_pid")
cat >"$dir/mpd.conf" <<CONF
music_directory "$dir/music"
db_file "$dir/mpd/db"
state_file "$dir/mpd/state"
pid_file "$dir/mpd/pid"
bind_to_address "$dir/mpd.sock"
connection_timeout "3600"
audio_output {
  type "pulse"
  name "pulse"
}
CONF
mpd --no-daemon "$dir/mpd.conf" 2>"$dir/mpd.log" &
mpd_pid=$!
pids+=("$mpd_pid")
mpv --no-config --no-terminal --idle=yes --no-video --ao=pulse --input-ipc-server="$dir/mpv.sock" \
  --log-file="$dir/mpv.log" &
mpv_pid=$!
pids+=("$mpv_pid")
for _ in $(seq 200); do
  [ -S "$rondo_socket" ] && [ -S "$dir/mpd.sock" ] && [ -S "$dir/mpv.sock" ] &&
    RONDO_SOCKET=$rondo_socket "$bin/rondo" status >/dev/null 2>&1 && break
  sleep 0.05
done
players="rondod=$rondo_socket,mpd=$dir/mpd.sock,mpv=$dir/mpv.sock"
echo "# $(date -u +%FT%TZ) load average: $(cut -d' ' -f1-3 /proc/loadavg); rounds $rounds; cpu window $seconds s"
echo "# rondod $(git -C "$root" rev-parse --short HEAD) from $bin; $(mpd --version | head -1); $(mpv --version | head -1)"

echo "## first sound"
$timing first-sound "$players" "$port" "$rounds" | tee "$dir/first-sound.txt"

echo "## cpu ($(cut -d' ' -f1-3 /proc/loadavg))"
names="rondod mpd mpv"
for name in $names; do : >"$dir/cpu-$name"; done
for round in $(seq "$rounds"); do
  for name in $names; do
    pid_var=${name}_pid
    socket_path=${players#*"$name="}; socket_path=${socket_path%%,*}
    $timing play "$name" "$socket_path" "$url"
    sleep 3
    value=$(cpu_percent "${!pid_var}" "$seconds")
    $timing stop "$name" "$socket_path"
    echo "ROUND $round $name cpu=$value"
    echo "$value" >>"$dir/cpu-$name"
    sleep 1
  done
  names="${names#* } ${names%% *}" # the next round starts with the next player
done

echo "## reconnect ($(cut -d' ' -f1-3 /proc/loadavg))"
$timing reconnect "$players" "$port" "$rounds" | tee "$dir/reconnect.txt"

echo "## medians ($(cut -d' ' -f1-3 /proc/loadavg))"
summary() { awk -v n="$1" -v f="$2" '$1 == "SUMMARY" && $2 == n && $3 == f {print $4}' "$3"; }
for name in rondod mpd mpv; do
  echo "$name first_sound_ms $(summary "$name" heard_ms "$dir/first-sound.txt")"
  echo "$name first_full_level_ms $(summary "$name" full_ms "$dir/first-sound.txt")"
  echo "$name server_first_audio_ms $(summary "$name" first_audio_ms "$dir/first-sound.txt")"
  echo "$name own_share_ms $(summary "$name" own_ms "$dir/first-sound.txt")"
  echo "$name play_reply_ms $(summary "$name" reply_ms "$dir/first-sound.txt")"
  echo "$name cpu_percent $(median <"$dir/cpu-$name")"
  echo "$name reconnect_ms $(summary "$name" reconnect_ms "$dir/reconnect.txt")"
  echo "$name heard_again_ms $(summary "$name" heard_again_ms "$dir/reconnect.txt")"
  echo "$name gap_ms $(summary "$name" gap_ms "$dir/reconnect.txt")"
  echo "$name reconnect_outcomes $(awk -v n="$name" '$1 == "OUTCOMES" && $2 == n {$1 = $2 = ""; print substr($0, 3)}' "$dir/reconnect.txt")"
done | tee "$dir/medians.txt"
ratio() {
  awk -v f="$1" -v p="$2" '$2 == f && $1 == "rondod" {r = $3} $2 == f && $1 == p {q = $3}
    END {if (r ~ /^[0-9.]+$/ && q ~ /^[0-9.]+$/ && q > 0) printf "rondod/%s %s %.2f\n", p, f, r / q}' "$dir/medians.txt"
}
for figure in first_sound_ms own_share_ms cpu_percent; do ratio "$figure" mpd; ratio "$figure" mpv; done
