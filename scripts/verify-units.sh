#!/usr/bin/env bash
# Checks systemd/rondod.service and systemd/rondod.socket with `systemd-analyze verify`, as
# user units. verify wants ExecStart's binary to exist, so it checks copies whose ExecStart
# is the built rondod (built here when missing). No running systemd is needed: verify loads
# the units into a private manager. Any warning fails the check, unknown keys included.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bin=$(swift build --show-bin-path)
[ -x "$bin/rondod" ] || swift build --product rondod >&2

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
sed "s|^ExecStart=%h/.local/bin/rondod|ExecStart=$bin/rondod|" systemd/rondod.service >"$scratch/rondod.service"
cp systemd/rondod.socket "$scratch/rondod.socket"
grep -q "^ExecStart=$bin/rondod" "$scratch/rondod.service" || {
  echo "rondo: systemd/rondod.service has no ExecStart=%h/.local/bin/rondod line to check" >&2
  exit 1
}
# A user manager needs a runtime directory (%t); a fresh machine may have none.
mkdir -m 0700 "$scratch/runtime"
# --man=no: the man page is checked by the tests, and need not be installed here.
report=$(cd "$scratch" && XDG_RUNTIME_DIR="$scratch/runtime" \
  systemd-analyze --user verify --man=no rondod.service rondod.socket 2>&1) || status=$?
if [ -n "$report" ] || [ "${status:-0}" -ne 0 ]; then
  echo "$report" >&2
  echo "rondo: systemd-analyze verify found problems in systemd/" >&2
  exit 1
fi
echo "rondo: systemd units verified" >&2
