#!/usr/bin/env bash
# Runs a command with the machine's cores kept busy: beside `stress-ng --cpu 2` (Debian's stress-ng,
# installed here when missing), as CI's 2-core machine is when it is shared. stress-ng is stopped
# when the command ends, however it ends; the command's exit code and wall time are printed, and
# the command's exit code is this script's.
#
#   tools/ci/under-load.sh                                    # bash .ci/run (the whole of CI)
#   tools/ci/under-load.sh npx jest tests/unit/plans.test.ts  # any command
#   STRESS_CPUS=4 tools/ci/under-load.sh ...                  # more busy workers (default 2)
set -uo pipefail
cd "$(dirname "$0")/../.."

if ! command -v stress-ng >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq stress-ng >/dev/null \
    || { echo "under-load: could not install stress-ng (apt-get install stress-ng)" >&2; exit 2; }
fi

[ $# -gt 0 ] || set -- bash .ci/run
cpus="${STRESS_CPUS:-2}"

# its own process group (setsid), so stopping it stops every worker it forked
setsid stress-ng --cpu "$cpus" --quiet &
stress=$!
stop_stress() {
  kill -TERM -- "-$stress" 2>/dev/null
  wait "$stress" 2>/dev/null
}
trap stop_stress EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "== under load: stress-ng --cpu $cpus (pid $stress) beside: $*"
started=$EPOCHREALTIME
"$@"
code=$?
elapsed=$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
echo "== under load: exit code $code, wall time ${elapsed} s (stress-ng --cpu $cpus): $*"
exit "$code"
