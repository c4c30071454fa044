#!/usr/bin/env bash
# The test command: builds every module and runs every test that needs no GPU.
# Extra arguments go to Maven (e.g. scripts/test.sh -pl trawl-core -am).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/find-jdk.sh
command -v mvn >/dev/null || { echo "trawl: Maven (mvn) is not on PATH: install Maven 3.8 or newer" >&2; exit 1; }
mvn -B verify "$@" 2>&1 | sed "s/\x1b\[[0-9;]*m//g"; exit "${PIPESTATUS[0]}"
