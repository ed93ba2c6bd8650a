#!/usr/bin/env bash
# Runs a command against a private audio server with one null sink, `nullsink`, as its
# default: PulseAudio, or PipeWire with WirePlumber and pipewire-pulse (and a private D-Bus),
# so figures from the other bench scripts can be had on both servers in one run.
# PULSE_SERVER points at it while the command runs; everything is stopped by PID after.
# Usage: bench/with-audio-server.sh pulseaudio|pipewire COMMAND [ARGUMENTS…]
# Prints the server's CPU (% of one core) over the command's run as "server_cpu KIND P".
set -euo pipefail
kind=$1
shift
dir=$(mktemp -d "${TMPDIR:-/tmp}/rondo-audio-server.XXXXXX")
mkdir -p "$dir/home" "$dir/runtime" "$dir/state"
chmod 0700 "$dir/runtime"
pids=()
cleanup() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
server_env=(env -u PULSE_SERVER -u PIPEWIRE_REMOTE HOME="$dir/home" XDG_CONFIG_HOME="$dir/home"
  XDG_RUNTIME_DIR="$dir/runtime" XDG_STATE_HOME="$dir/state" PULSE_RUNTIME_PATH="$dir/runtime")
case $kind in
  pulseaudio)
    export PULSE_SERVER=unix:$dir/native
    "${server_env[@]}" pulseaudio -n --daemonize=no --exit-idle-time=-1 --log-target=stderr \
      --load="module-native-protocol-unix socket=$dir/native auth-anonymous=1" \
      --load="module-null-sink sink_name=nullsink rate=44100" --load=module-always-sink 2>"$dir/server.log" &
    pids+=($!)
    ;;
  pipewire)
    read -r bus bus_pid < <("${server_env[@]}" dbus-daemon --session --fork --print-address=1 --print-pid=1 | paste -sd' ')
    pids+=("$bus_pid")
    server_env+=(DBUS_SESSION_BUS_ADDRESS="$bus")
    export PULSE_SERVER=unix:$dir/runtime/native
    "${server_env[@]}" pipewire 2>"$dir/pipewire.log" &
    pids+=($!)
    for _ in $(seq 1000); do [ -S "$dir/runtime/pipewire-0" ] && break; sleep 0.01; done
    "${server_env[@]}" wireplumber 2>"$dir/wireplumber.log" &
    pids+=($!)
    "${server_env[@]}" pipewire-pulse 2>"$dir/pipewire-pulse.log" &
    pids+=($!)
    ;;
  *)
    echo "usage: $0 pulseaudio|pipewire COMMAND [ARGUMENTS…]" >&2
    exit 2
    ;;
esac
for _ in $(seq 200); do timeout 5 pactl info >/dev/null 2>&1 && break; sleep 0.025; done
if [ "$kind" = pipewire ]; then
  pactl load-module module-null-sink sink_name=nullsink >/dev/null
  for _ in $(seq 100); do pactl list short sinks | grep -q nullsink && break; sleep 0.02; done
fi
pactl set-default-sink nullsink
ticks() { local total=0; for pid in "${pids[@]}"; do
  [ -r "/proc/$pid/stat" ] && total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$total"; }
before=$(ticks)
started=$(date +%s.%N)
"$@"
after=$(ticks)
awk -v a="$before" -v b="$after" -v s="$started" -v e="$(date +%s.%N)" -v hz="$(getconf CLK_TCK)" -v k="$kind" \
  'BEGIN{printf "server_cpu %s %.2f\n", k, 100*(b-a)/hz/(e-s)}'
