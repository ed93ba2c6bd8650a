# Shared by run.sh and test.sh: apt packages and a PulseAudio server that answers.

# Packages rondod needs to build and run.
RUNTIME_PACKAGES=(libpulse-dev libmpg123-dev libsqlite3-dev libsoundtouch-dev libflac-dev libvorbis-dev libopusfile-dev
  libcurl4-openssl-dev libavformat-dev libavcodec-dev libswresample-dev libsystemd-dev pulseaudio pulseaudio-utils)
# Packages the tests need on top: fixture makers, the monitor recorder, libxml2 for the
# JUnit report check, systemd for socket activation and unit checks (systemd-socket-activate,
# systemd-analyze; no running systemd needed), the shells whose completions are checked and
# groff for the man page, make for the install check; PipeWire with WirePlumber, its
# PulseAudio server and a D-Bus daemon, on which the audio tests run a second time;
# playerctl and gdbus (libglib2.0-bin), the MPRIS clients the MPRIS tests drive rondod with;
# curl, and Chromium with its WebDriver and Selenium, for the head-unit view's tests;
# python3 for the streams' test server and openssl for its self-signed certificate; Icecast
# and ffmpeg, the private radio station the stream tests play (the package leaves its own
# service disabled and asks nothing when installed without a terminal); MPD itself, which
# the MPD-protocol conformance test runs beside rondod on a private socket, and mpc, its
# client, which the MPD tests drive rondod with, as they do with python-mpd2 (python3-mpd);
# Snapcast's server and client, the rooms the Snapcast output tests play in; the other
# programs whose streams the arbiter adopts: mpv with its MPRIS plug-in, speech-dispatcher's
# spd-say with its espeak-ng voice (without it, a recommendation only, speech-dispatcher falls back
# to a dummy module whose canned message lasts half a minute), pw-play (pipewire-bin), arecord (alsa-utils, through the pulse plug-in of
# libasound2-plugins), and python3-dbus with python3-gi
# for a test MPRIS player that ignores Pause.
TEST_PACKAGES=(sox libsox-fmt-mp3 lame flac vorbis-tools opus-tools espeak-ng libxml2 systemd zsh fish groff-base make
  pipewire wireplumber pipewire-pulse dbus playerctl libglib2.0-bin
  curl chromium chromium-driver python3-selenium python3 openssl icecast2 ffmpeg mpd mpc python3-mpd snapserver snapclient
  mpv mpv-mpris speech-dispatcher speech-dispatcher-espeak-ng pipewire-bin alsa-utils libasound2-plugins python3-dbus python3-gi)

# ensure_packages PKG...: installs the missing ones when root, else prints the apt-get line and fails.
ensure_packages() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "rondo: installing ${missing[*]}" >&2
    apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
  else
    echo "rondo: missing packages; install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
}

# ensure_pulseaudio: starts a PulseAudio server for this user unless one already answers.
ensure_pulseaudio() {
  pactl info >/dev/null 2>&1 && return 0
  echo "rondo: no PulseAudio server answers; starting one" >&2
  pulseaudio --start --exit-idle-time=-1 --log-target=syslog 2>/dev/null ||
    pulseaudio --daemonize=yes --exit-idle-time=-1 -n \
      --load=module-native-protocol-unix --load=module-always-sink --log-target=syslog
  for _ in $(seq 50); do
    pactl info >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "rondo: PulseAudio did not start (see the system log)" >&2
  return 1
}

# prepare_fixtures: makes the generated audio fixtures once (Tests/Fixtures/generated), before
# tests run in many processes at once. They are cached by the content hash of the script that
# makes them, under ${XDG_CACHE_HOME:-~/.cache}/rondo/fixtures/HASH, so a new checkout copies
# them instead of encoding them again, and a changed script makes them anew.
prepare_fixtures() {
  local script="$root/Tests/Fixtures/make-fixtures.sh" generated="$root/Tests/Fixtures/generated"
  local hash cache
  hash=$(sha256sum "$script" | cut -c1-16)
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/rondo/fixtures/$hash"
  [ "$(cat "$generated/.made-by" 2>/dev/null)" = "$hash" ] && return 0
  rm -rf "$generated"
  if [ -d "$cache" ]; then
    cp -a "$cache" "$generated"
  else
    echo "rondo: making the audio fixtures" >&2
    bash "$script" "$generated"
    mkdir -p "$(dirname "$cache")"
    rm -rf "$cache.partial"
    cp -a "$generated" "$cache.partial" && mv "$cache.partial" "$cache"
  fi
  echo "$hash" >"$generated/.made-by"
}
