#!/usr/bin/env bash
# Installs what the native Hyperscan peer of trawl-bench needs where it is missing: Debian's
# libhyperscan5 (libhs.so.5, at run time) and libhyperscan-dev (hs.h, to build the C shim), plus a C
# compiler. Without them the bench still builds and runs; the peer's row says what is missing.
#   sudo bash scripts/bench-setup.sh
set -euo pipefail
need=()
[ -e /usr/include/hs/hs.h ] || need+=(libhyperscan-dev)
ldconfig -p 2>/dev/null | grep -q 'libhs.so.5' || need+=(libhyperscan5)
command -v cc >/dev/null 2>&1 || need+=(gcc)
if [ ${#need[@]} -eq 0 ]; then
  echo "bench-setup: libhyperscan5, libhyperscan-dev and cc are present"
  exit 0
fi
echo "bench-setup: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}"
