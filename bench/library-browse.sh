#!/usr/bin/env bash
# In-process cost of library.children, library.item and library.search over a synthetic
# library of 100,000 songs in SQLite (Benchmarks/LibraryBenchmarks): one call per sample at
# random index paths, limits enforced and not. The library is scanned into
# $BENCH_DIR/library-100k once (about two minutes; delete it to scan again). Prints the
# library's size, the machine, then "p50 p99 (samples) name" lines, wall clock in µs.
# Usage: bench/library-browse.sh [FILTER]   (a regular expression matching whole benchmark
# names, e.g. 'search.*')
# Needs Swift 6.1 or later; the first build of the benchmarks package takes several minutes.
. "$(dirname "$0")/lib.sh"
export BENCH_DIR=$work
filter=()
[ $# -gt 0 ] && filter=(--filter "$1")
(cd "$root/Benchmarks" && swift package benchmark --target LibraryBenchmarks --no-progress \
  --metric wallClock "${filter[@]}") >"$work/library-browse.txt"
library=$work/library-100k
echo "library $(tr -d "\n" <"$library/ready"); $(du -m "$library/library.sqlite" | cut -f1) MB file"
echo "machine $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "   p50    p99 (samples) benchmark, µs"
awk -F'│' '
  /wall clock/ { gsub(/ /, "", $5); gsub(/ /, "", $8); gsub(/ /, "", $10); printf "%6s %6s (%5s) %s\n", $5, $8, $10, name; next }
  /^[│╒╞├╘]/ || /^=/ || NF == 0 { next }
  { name = $0 }
' "$work/library-browse.txt"
