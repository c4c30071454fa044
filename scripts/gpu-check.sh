#!/usr/bin/env bash
# Runs on the GPU machine, from the folder scripts/gpu-pack.sh staged (.gpu): prints the device, runs
# every gpu-tagged test of trawl-cuda with the JUnit console launcher, then the PFAC kernel benchmark
# (trawl-bench's PfacBench, `trawl bench pfac-gpu`).
#   bash .gpu/scripts/gpu-check.sh [all|tests|bench|smoke] [benchmark arguments...]
# smoke: the tests and a 64 MiB benchmark, to learn the machine cheaply.
# Each step has a time limit (TRAWL_TEST_TIMEOUT, TRAWL_BENCH_TIMEOUT seconds) so a hang still leaves a log.
# Logs go to stdout and, when $OUT is set, to $OUT/gpu-check.log.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-all}
shift || true
java=$here/jre/bin/java
cp=$(ls "$here"/lib/*.jar | grep -v console | tr '\n' ':')
log=${OUT:-/tmp}/gpu-check.log
# The driver library may live outside the loader's default paths.
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu; do
  [ -e "$d/libcuda.so.1" ] && export LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
done
jvm=(--add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xmx24g -Dtrawl.data.dir="$here/data")

run() {
  echo "== device"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader || echo "nvidia-smi failed"
  echo "cores: $(nproc); libcuda: $(ldconfig -p | grep -m1 'libcuda.so.1' || echo 'not in ldconfig'); LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
  status=0
  if [ "$what" = all ] || [ "$what" = tests ] || [ "$what" = smoke ]; then
    echo "== gpu-tagged tests"
    select=(--select-package dev.trawl.cuda)
    timeout "${TRAWL_TEST_TIMEOUT:-420}" "$java" "${jvm[@]}" -jar "$here/lib/junit-platform-console-standalone.jar" execute \
      --disable-banner --disable-ansi-colors --details=tree --class-path "$cp" "${select[@]}" --include-tag gpu || status=1
  fi
  if [ "$what" = all ] || [ "$what" = bench ] || [ "$what" = smoke ]; then
    echo "== benchmark"
    args=("$@")
    [ "$what" = smoke ] && args=(--bytes 67108864 --reps 1 "$@")
    timeout "${TRAWL_BENCH_TIMEOUT:-480}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu.PfacBench --data "$here/data" --dir /tmp "${args[@]}" || status=1
  fi
  return $status
}
run "$@" 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
