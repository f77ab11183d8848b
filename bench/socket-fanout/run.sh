#!/usr/bin/env bash
# Runs the socket fan-out benchmark with the open-file limit raised to the hard limit: each of the
# two processes holds one descriptor per socket (10,000 and more).
set -euo pipefail
cd "$(dirname "$0")/../.."
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "open files allowed per process: $(ulimit -n)"
exec node --import tsx bench/socket-fanout/main.ts "$@"
