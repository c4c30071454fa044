#!/usr/bin/env bash
# Runs trawl-bench's experiments on the GPU machine, from the folder scripts/bench-pack.sh staged
# (.gpu/bench), with the runtime scripts/gpu-pack.sh staged (.gpu/jre; else `java` on the PATH):
#   bash .gpu/bench/bench-gpu.sh [EXPERIMENT...]      default: iliad logs records regex-logs dictionary
# (regex-templates, every loghub template as one regex set over 1 GiB, is not in the default list: it takes
# a device command of its own, SUFFIX=templates bash .gpu/bench/bench-gpu.sh regex-templates)
# Environment: OUT (results go to $OUT/bench[-threadsN][-SUFFIX]), THREADS (pass --threads; THREADS=1 is
# the single-threaded run), SUFFIX (keeps split runs apart), BENCH_ARGS (more options, e.g.
# "--dictionary-sizes 1M"), TRAWL_BENCH_TIMEOUT (seconds per experiment, default 540), QUICK=1 (tiny
# sizes: a smoke test of the staging). Each experiment writes NAME.md and NAME.csv; draw the PNGs
# afterwards, where java.desktop is: java -jar trawl-bench.jar chart --out DIR.
# Within the 10 minutes of one device command, for example:
#   bash .gpu/bench/bench-gpu.sh iliad logs            then: records regex-logs
#   SUFFIX=small BENCH_ARGS="--dictionary-sizes 10,100,1K,10K,100K,long" bash .gpu/bench/bench-gpu.sh dictionary
#   SUFFIX=1M BENCH_ARGS="--dictionary-sizes 1M" bash .gpu/bench/bench-gpu.sh dictionary   (compiles dominate)
#   THREADS=1 ... the same dictionary runs on one thread
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
java=${JAVA:-$here/../jre/bin/java}
[ -x "$java" ] || java=java
work=$(mktemp -d "${TMPDIR:-/tmp}/trawl-bench.XXXXXX")
# The shim finds libhs.so.5 beside itself ($ORIGIN), so both go into one folder.
gunzip -c "$here/libhs.so.5.gz" > "$work/libhs.so.5"
cp "$here/libtrawl_hs.so" "$work/"
mkdir -p "$work/data" && tar -xzf "$here/data.tar.gz" -C "$work/data"
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu; do
  [ -e "$d/libcuda.so.1" ] && export LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
done
out=${OUT:-$here/out}
dir=$out/bench${THREADS:+-threads$THREADS}${SUFFIX:+-$SUFFIX}
mkdir -p "$dir"
args=(--data "$work/data" --out "$dir")
[ -n "${THREADS:-}" ] && args+=(--threads "$THREADS")
[ "${QUICK:-}" = 1 ] && args+=(--size 1MiB --reps 2 --warmup 1 --seconds-per-engine 2 --dictionary-sizes 10,1K,long)
# shellcheck disable=SC2206
extra=(${BENCH_ARGS:-})
experiments=("$@")
[ ${#experiments[@]} -eq 0 ] && experiments=(iliad logs records regex-logs dictionary)
heap=${HEAP:-$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 1024 * 3 / 4 ))g}
{
  echo "== machine"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader 2>/dev/null || echo "no nvidia-smi"
  echo "cores: $(nproc); $(grep -m1 'model name' /proc/cpuinfo); java: $("$java" -version 2>&1 | head -1); heap $heap"
} | tee "$dir/machine.txt"
status=0
for e in "${experiments[@]}"; do
  echo "== trawl bench $e ${args[*]} ${extra[*]}"
  timeout "${TRAWL_BENCH_TIMEOUT:-540}" "$java" -Xmx"$heap" --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector \
    -Dtrawl.bench.native="$work" -jar "$here/trawl-bench.jar" "$e" "${args[@]}" "${extra[@]}" || status=$?
done
rm -rf "$work"
echo "== results in $dir: $(ls "$dir" | tr '\n' ' ')"
exit $status
