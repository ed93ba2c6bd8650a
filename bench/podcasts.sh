#!/usr/bin/env bash
# Podcasts: rondod against gPodder's command line (gpo, Debian's gpodder) on the same feeds,
# served on loopback by the tests' web server (ETag, Last-Modified, 304). In one run:
#  1. both subscribe to FEEDS feeds of 30 items each (an OPML import each);
#  2. ROUNDS rounds of a refresh of every feed after CHANGED of them gained an item, and of a
#     refresh with nothing changed: wall time, CPU seconds (user + system) and peak RSS of
#     the refresh (gpo: the whole process; rondod: the daemon's growth of its peak during
#     it, its peak reset first), and the episodes each found new;
#  3. RSS after subscribing to one feed of BIG items (rondod: the daemon's resident size
#     after, and its growth; gpo: the peak of its subscribe).
# rondod keeps no download ahead here (download_ahead = 0): gpo's update downloads nothing.
# Prints the raw rounds, then "name figure value" medians and rondod's ratios.
# Usage: bench/podcasts.sh [ROUNDS=5] [FEEDS=200] [CHANGED=50] [BIG=10000]
# Needs a release build, gpodder, python3.
. "$(dirname "$0")/lib.sh"
rounds=${1:-5}
feeds=${2:-200}
changed=${3:-50}
big=${4:-10000}
dir=$work/podcasts
rm -rf "$dir"
mkdir -p "$dir/feeds" "$dir/gpodder" "$dir/cache"
pids=()
cleanup() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop_pid "${pids[i]}"; done
}
trap cleanup EXIT

/usr/bin/python3 "$root/Tests/Support/test_http_server.py" "$dir/feeds" "$dir/port" "$dir/requests.log" &
pids+=($!)
for _ in $(seq 100); do [ -s "$dir/port" ] && break; sleep 0.05; done
base="http://127.0.0.1:$(cat "$dir/port")"
/usr/bin/python3 "$root/bench/make_feeds.py" "$dir/feeds" "$feeds" 30 "$base"
{
  echo '<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>bench</title></head><body>'
  for i in $(seq 1 "$feeds"); do printf '<outline type="rss" text="Show %d" xmlUrl="%s/feed%03d.xml"/>\n' "$i" "$base" "$i"; done
  echo '</body></opml>'
} >"$dir/feeds.opml"

printf '[podcasts]\ndownload_ahead = 0\n' >"$dir/rondo.toml"
rm -f "$RONDO_SOCKET"
XDG_CACHE_HOME=$dir/cache "$bin/rondod" --socket "$RONDO_SOCKET" --config "$dir/rondo.toml" --output null \
  --music-dir "$dir/feeds" --database "$dir/rondo.sqlite" 2>"$dir/rondod.log" &
rondod_pid=$!
pids+=($rondod_pid)
for _ in $(seq 100); do "$bin/rondo" status >/dev/null 2>&1 && break; sleep 0.05; done
export GPODDER_HOME=$dir/gpodder

kib() { awk '/^'"$2"':/ {print $2}' "/proc/$1/status"; }
cpu_seconds() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$1/stat"; }

# rondo_measure ARGS…: runs `rondo ARGS…`; prints wall s, rondod CPU s, rondod peak growth MiB.
rondo_measure() {
  local before_cpu start end after_cpu rss_before peak
  echo 5 >"/proc/$rondod_pid/clear_refs"
  rss_before=$(kib "$rondod_pid" VmRSS)
  before_cpu=$(cpu_seconds "$rondod_pid")
  start=$(date +%s.%N)
  "$bin/rondo" "$@" >"$dir/rondo.out"
  end=$(date +%s.%N)
  after_cpu=$(cpu_seconds "$rondod_pid")
  peak=$(kib "$rondod_pid" VmHWM)
  awk -v s="$start" -v e="$end" -v a="$before_cpu" -v b="$after_cpu" -v r="$rss_before" -v p="$peak" \
    'BEGIN{printf "%.3f %.2f %.1f", e - s, b - a, (p - r) / 1024}'
}

# gpo_measure ARGS…: runs `gpo ARGS…`; prints wall s, CPU s, peak RSS MiB.
gpo_measure() {
  /usr/bin/time -f "%e %U %S %M" -o "$dir/gpo.time" gpo "$@" >"$dir/gpo.out" 2>&1
  awk '{printf "%.3f %.2f %.1f", $1, $2 + $3, $4 / 1024}' "$dir/gpo.time"
}

echo "subscribe $feeds feeds (OPML import)"
echo "  rondod: $(rondo_measure podcast import "$dir/feeds.opml")  ($(head -1 "$dir/rondo.out"))"
echo "  gpo:    $(gpo_measure import "$dir/feeds.opml")"
echo "rounds: kind player wall_s cpu_s peak_mib new"
for round in $(seq 1 "$rounds"); do
  /usr/bin/python3 "$root/bench/make_feeds.py" "$dir/feeds" grow 1 "$changed" "$base"
  sleep 1.1 # a new Last-Modified second for the changed feeds
  for player in rondod gpo; do
    if [ "$player" = rondod ]; then
      figures=$(rondo_measure podcast refresh)
      new=$(awk '{print $3}' "$dir/rondo.out")
      unchanged=$(rondo_measure podcast refresh)
      new_unchanged=$(awk '{print $3}' "$dir/rondo.out")
    else
      known=$(gpo episodes 2>/dev/null | wc -l)
      figures=$(gpo_measure update)
      after=$(gpo episodes 2>/dev/null | wc -l)
      unchanged=$(gpo_measure update)
      new=$((after - known))
      new_unchanged=$(($(gpo episodes 2>/dev/null | wc -l) - after))
    fi
    echo "round $round changed $player $figures $new"
    echo "round $round unchanged $player $unchanged $new_unchanged"
  done
done | tee "$dir/rounds"

rss_before=$(kib "$rondod_pid" VmRSS)
/usr/bin/python3 "$root/bench/make_feeds.py" "$dir/feeds" big "$big" "$base"
rondo_big=$(rondo_measure podcast add "$base/big.xml")
rss_after=$(kib "$rondod_pid" VmRSS)
gpo_big=$(gpo_measure subscribe "$base/big.xml")

echo
echo "medians: name figure value"
for kind in changed unchanged; do
  for player in rondod gpo; do
    for column in 5 6 7; do
      name=$(echo "wall_s cpu_s peak_mib" | cut -d' ' -f$((column - 4)))
      value=$(awk -v k="$kind" -v p="$player" -v c="$column" '$3 == k && $4 == p {print $c}' "$dir/rounds" | median)
      echo "$player refresh_${kind}_$name $value"
    done
  done
done | tee "$dir/medians"
echo "rondod big_feed_rss_mib $(awk -v a="$rss_after" 'BEGIN{printf "%.1f", a / 1024}') (grew $(awk -v a="$rss_after" -v b="$rss_before" 'BEGIN{printf "%.1f", (a - b) / 1024}'); subscribe $rondo_big)"
echo "gpo big_feed_subscribe $gpo_big"
echo
echo "ratios rondod / gpo"
while read -r player figure value; do
  [ "$player" = rondod ] || continue
  other=$(awk -v f="$figure" '$1 == "gpo" && $2 == f {print $3}' "$dir/medians")
  awk -v f="$figure" -v a="$value" -v b="$other" 'BEGIN{printf "%s %.2f\n", f, (b > 0 ? a / b : 0)}'
done <"$dir/medians"
