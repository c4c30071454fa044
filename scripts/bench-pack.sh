#!/usr/bin/env bash
# Stages what trawl-bench needs on the GPU machine (no Java build tools, no network there) into one
# folder, by default /work/main/.gpu/bench, carried with the rest of .gpu (scripts/gpu-pack.sh makes
# .gpu/jre, the slim Java 25 runtime this uses):
#   trawl-bench.jar      the bench with trawl-core, trawl-cuda (GPU engines) and the peer libraries
#   libtrawl_hs.so       the native Hyperscan peer's C shim (RUNPATH $ORIGIN)
#   libhs.so.5.gz        Debian's libhs.so.5, gzipped to fit the carry (needs only libc, libm, libstdc++, libgcc_s)
#   data.tar.gz          iliad.txt, the loghub samples and every template list (with loghub's LICENSE)
#   bench-gpu.sh         the script that runs the experiments there
# Then on the device: bash .gpu/bench/bench-gpu.sh [EXPERIMENT...]; charts are drawn back here with
#   java -jar trawl-bench/target/trawl-bench.jar chart --out DIR
# (the device's runtime has no java.desktop). Check the staging here with: scripts/bench-pack.sh --check
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
dest=${1:-/work/main/.gpu/bench}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export PATH=$JAVA_HOME/bin:$PATH
data=${TRAWL_DATA:-$root/data}

cd "$root"
mvn -B -q package -DskipTests -pl trawl-bench -am
[ -f trawl-bench/target/native/libtrawl_hs.so ] || { echo "bench-pack: the shim was not built (run scripts/bench-setup.sh)"; exit 1; }
libhs=$(ldconfig -p | awk '/libhs.so.5 / {print $NF; exit}')
[ -n "$libhs" ] || { echo "bench-pack: libhs.so.5 not installed (run scripts/bench-setup.sh)"; exit 1; }

rm -rf "$dest"
mkdir -p "$dest"
cp trawl-bench/target/trawl-bench.jar trawl-bench/target/native/libtrawl_hs.so scripts/bench-gpu.sh "$dest/"
gzip -9 -c "$libhs" > "$dest/libhs.so.5.gz"
(cd "$data" && tar -czf "$dest/data.tar.gz" README.md iliad.txt loghub/LICENSE loghub/*/*_2k.log loghub/*/*_templates.csv)
echo "bench-pack: libhs.so.5 needs: $(ldd "$libhs" | awk '{print $1}' | grep -v vdso | tr '\n' ' ')"
du -sh "$dest" "$dest"/*
if [ -d "$dest/../jre" ]; then
  du -sh "$dest/.." && echo "bench-pack: the whole carry (.gpu) must stay under 64 MiB"
fi

if [ $check = 1 ]; then
  # Runs the staged bench as the device would: its own unpacked libhs, its data, the slim runtime when there is one.
  OUT=$(mktemp -d) QUICK=1 bash "$dest/bench-gpu.sh" iliad
fi
