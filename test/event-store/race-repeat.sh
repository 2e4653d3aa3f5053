#!/usr/bin/env bash
# Runs the concurrent-appenders race test N times in a row (default 20) and stops at the first failure.
# Usage: test/event-store/race-repeat.sh [N]   (EVENT_STORE_ADAPTERS defaults to postgres)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-20}"
export EVENT_STORE_ADAPTERS="${EVENT_STORE_ADAPTERS:-postgres}"
for run in $(seq 1 "$runs"); do
  started=$(date +%s)
  if ! npx jest test/event-store/event-store-contract.int.spec.ts -t 'concurrent appenders' --silent >/tmp/race-repeat-last.log 2>&1; then
    echo "run $run/$runs FAILED after $(( $(date +%s) - started )) s; output in /tmp/race-repeat-last.log"
    exit 1
  fi
  echo "run $run/$runs passed in $(( $(date +%s) - started )) s (jest: $(grep -o 'Time: *[0-9.]* s' /tmp/race-repeat-last.log | tr -s ' '))"
done
echo "$runs runs in a row passed ($EVENT_STORE_ADAPTERS)"
