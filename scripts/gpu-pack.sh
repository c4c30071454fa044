#!/usr/bin/env bash
# Builds trawl-cuda and trawl-bench here and stages what the GPU machine needs (it has no Java and no
# network) into one folder, by default /work/main/.gpu (git-ignored, carried to the device with
# `carry: [".gpu"]`):
#   jre/     a slim jlink'd Java 25 runtime
#   lib/     trawl-core and trawl-cuda jars (main and tests), trawl-bench's own classes (the PFAC kernel
#            benchmark; its peers stay behind) and the JUnit console launcher
#   data/    iliad.txt and the loghub samples for the tests and the benchmark, only when the folder is
#            outside the repository (inside, the repository's own data/ travels with the working tree,
#            and a second copy would eat into the 64 MiB carry limit)
#   scripts/ gpu-check.sh, which runs the gpu-tagged tests and the benchmark there
# Then on the device: bash .gpu/scripts/gpu-check.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-/work/main/.gpu}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export PATH=$JAVA_HOME/bin:$PATH
junit_console=org.junit.platform:junit-platform-console-standalone:1.14.1
data=${TRAWL_DATA:-$root/data}

cd "$root"
mvn -B -q package -DskipTests -pl trawl-cuda,trawl-bench,trawl-cli -am
mvn -B -q dependency:copy -Dartifact=$junit_console -DoutputDirectory="$dest/lib.new" -Dmdep.stripVersion=true
# The bench harness's command line (gpu-check.sh dictionary runs its dictionary experiment there).
picocli=$(sed -n 's:.*<picocli.version>\(.*\)</picocli.version>.*:\1:p' pom.xml)
mvn -B -q dependency:copy -Dartifact=info.picocli:picocli:"$picocli" -DoutputDirectory="$dest/lib.new" -Dmdep.stripVersion=true

rm -rf "$dest/lib" "$dest/scripts" "$dest/data"
mv "$dest/lib.new" "$dest/lib"
mkdir -p "$dest/scripts" "$dest/data"
for m in trawl-core trawl-cuda; do
  cp "$m"/target/$m-*-SNAPSHOT.jar "$dest/lib/$m.jar"
  cp "$m"/target/$m-*-SNAPSHOT-tests.jar "$dest/lib/$m-tests.jar"
done
cp trawl-bench/target/trawl-bench-*-SNAPSHOT.jar "$dest/lib/trawl-bench.jar"
cp scripts/gpu-check.sh "$dest/scripts/"
# Native Hyperscan for the CPU baseline rows of the GPU benches, where scripts/bench-setup.sh installed it
# here: the bench's shim and Debian's libhs.so.5 (xz-compressed for the carry limit; gpu-check.sh unpacks
# them side by side, the shim finding the library through its $ORIGIN RUNPATH).
rm -rf "$dest/native"
libhs=$(ldconfig -p | awk '/libhs.so.5 / {print $NF}' | head -1 || true)
if [ -f trawl-bench/target/native/libtrawl_hs.so ] && [ -n "$libhs" ]; then
  mkdir -p "$dest/native"
  cp trawl-bench/target/native/libtrawl_hs.so "$dest/native/"
  xz -9 -c "$libhs" > "$dest/native/libhs.so.5.xz"
else
  echo "gpu-pack: no native Hyperscan here (scripts/bench-setup.sh): the GPU benches will skip its rows"
fi
# The command for `gpu-check.sh cli` (its own classes; core and CUDA come from lib/), and ripgrep to
# compare it with, where this machine has it (xz-compressed, with the PCRE2 library it links).
rm -rf "$dest/cli" && mkdir -p "$dest/cli"
cp trawl-cli/target/trawl-cli-*-SNAPSHOT.jar "$dest/cli/trawl-cli.jar"
cp trawl-cli/jvm.options "$dest/cli/"
if command -v rg > /dev/null; then
  xz -9 -c "$(command -v rg)" > "$dest/cli/rg.xz"
  pcre=$(ldd "$(command -v rg)" | awk '/libpcre2-8/ {print $3}')
  [ -n "$pcre" ] && xz -9 -c "$pcre" > "$dest/cli/libpcre2-8.so.0.xz"
fi
# The Iliad and every loghub sample the differential suites read, with loghub's licence (about 5 MB).
if [ "$(cd "$dest/.." && pwd)" = "$root" ]; then
  rmdir "$dest/data"
else
  cp -r "$data/iliad.txt" "$data/loghub" "$dest/data/"
fi

# The runtime is rebuilt only when missing (it does not change with the code).
if [ ! -x "$dest/jre/bin/java" ]; then
  # java.base, logging, zipfs (class-path scanning of jars) and the Vector API (the CPU prefilter) are all Trawl
  # and JUnit's console launcher use; jdk.jfr lets a run record a profile (-XX:StartFlightRecording) to bring
  # back and read here. The carry limit is 64 MiB.
  jlink --add-modules java.base,java.logging,jdk.unsupported,jdk.zipfs,jdk.incubator.vector,jdk.jfr \
    --strip-debug --no-header-files --no-man-pages --compress=zip-9 --output "$dest/jre"
  # The JVM's symbol table is a tenth of the carry; nothing here needs it.
  strip --strip-unneeded "$dest/jre/lib/server/libjvm.so"
fi
du -sh "$dest" "$dest"/*
