#!/usr/bin/env bash
# Checks the formatting of every Swift file against the committed .swift-format
# (swift-format ships with the toolchain). `scripts/lint.sh --fix` formats them in place.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Package.swift Benchmarks/Package.swift Benchmarks/ArbiterBenchmarks Benchmarks/LibraryBenchmarks)
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --recursive --parallel "${paths[@]}"
else
  swift format lint --strict --recursive --parallel "${paths[@]}"
fi
