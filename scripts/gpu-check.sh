#!/usr/bin/env bash
# Runs on the GPU machine, from the folder scripts/gpu-pack.sh staged (.gpu): prints the device, runs
# every gpu-tagged test of trawl-cuda with the JUnit console launcher, then the PFAC kernel benchmark
# (trawl-bench's PfacBench, `trawl bench pfac-gpu`) and the per-record benchmark (RecordsBench: loghub
# lines, firstMatch per line on gpu:pfac, gpu:trie's variants, cpu:aho-corasick, native Hyperscan and the
# slower CPU baselines, for 5 patterns, 5 words -i and 1K/100K dictionary words), and the regex-set
# benchmark (RegexBench: loghub templates as regexes, anyMatch per line on gpu:chains end to end and
# device-resident, gpu:nfa-block's variants and gpu:regex (timed on a 10,000-line prefix when slow; pick
# them with --variants), auto, cpu:dfa and cpu:pike). Mode firstocc runs
# only the records x patterns first-occurrence benchmark (FirstOccurrenceBench: the C++ AMP sample's
# 128 MiB of random records and 8 KiB of patterns, then 1 GiB of loghub lines and 1,000 patterns, on
# cpu:index-of, cpu:rabin-karp, cpu:aho-corasick, gpu:rabin-karp (hash-table lookup with either verification,
# constant-memory lookup), gpu:pfac).
# link: LinkBench, where gpu:pfac's end-to-end time goes through the public API (count(Path) and the pieces),
#   the text already in device memory (DeviceInput: kernels alone), and auto with the GPU alone, the CPU
#   alone and both from one chunk queue (trawl.auto.split); `link --bytes 2147483648` for 2 GiB.
#   bash .gpu/scripts/gpu-check.sh [all|tests|bench|records|regex|firstocc|link|smoke] [benchmark arguments...]
# dictionary: the bench harness's dictionary experiment with the arguments given (e.g. --words FILE --dictionary-sizes
#   1K,long --engines cpu:aho-corasick,peer:hyperscan --threads 1).
# harness: the bench harness with the arguments given, experiment first (e.g. regex-templates --size 512MiB
#   --engines cpu:dfa,peer:hyperscan --threads 16).
# count: CountBench, counting through the public API for 10 names to 1M words over 512 MiB and 4 GiB: cpu:aho-corasick,
#   native Hyperscan, gpu:pfac end to end, batched and kernels alone, auto with the GPU and CPU threads together.
# cli: scripts/bench-cli.sh on this host (the whole command against grep and ripgrep; gpu-pack.sh stages ripgrep).
# profile: Nsight Compute on the first launch of one kernel (TRAWL_NCU_KERNEL, a regex, default
#   ^pfac_count$; TRAWL_NCU_SET, default full; TRAWL_NCU_COUNT launches of those matching, default 1) in a benchmark (TRAWL_NCU_BENCH, default PfacBench, or
#   RegexBench, ...); the benchmark's arguments follow the mode (default --sets 1K --bytes 268435456
#   --reps 1). ncu from PATH or /usr/local/cuda/bin.
# smoke: the tests and a 64 MiB benchmark, to learn the machine cheaply. TRAWL_TESTS="ClassA ClassB"
# (simple names in dev.trawl.cuda.engine, or qualified; ClassA#method for one method) runs only those.
# Each step has a time limit (TRAWL_TEST_TIMEOUT, TRAWL_BENCH_TIMEOUT seconds) so a hang still leaves a log.
# TRAWL_JAVA_OPTS: more JVM options for every step (a -D switch to measure, a recording).
# Logs go to stdout and, when $OUT is set, to $OUT/gpu-check-MODE.log.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-all}
shift || true
java=$here/jre/bin/java
cp=$(ls "$here"/lib/*.jar | grep -v console | tr '\n' ':')
# TRAWL_CP_PREFIX: folders or jars ahead of the staged ones, e.g. a fatbin of kernel variants compiled on
# the machine (dev/trawl/cuda/trawl-kernels.fatbin under a folder) to measure against the packaged one.
cp=${TRAWL_CP_PREFIX:+$TRAWL_CP_PREFIX:}$cp
log=${OUT:-/tmp}/gpu-check-$what.log
# The driver library may live outside the loader's default paths.
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu; do
  [ -e "$d/libcuda.so.1" ] && export LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
done
# The staged data, or the repository's own when the folder sits in the repository (gpu-pack.sh).
data=$here/data
[ -d "$data" ] || data=$(cd "$here/.." && pwd)/data
jvm=(--add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xmx24g -Dtrawl.data.dir="$data" ${TRAWL_JAVA_OPTS:-})
# Native Hyperscan (the benches' CPU baseline), when gpu-pack.sh staged it: shim and library side by side.
if [ -f "$here/native/libhs.so.5.xz" ]; then
  native=$(mktemp -d "${TMPDIR:-/tmp}/trawl-native.XXXXXX")
  xz -dc "$here/native/libhs.so.5.xz" > "$native/libhs.so.5" && cp "$here/native/libtrawl_hs.so" "$native/"
  jvm+=(-Dtrawl.bench.native="$native")
fi

# cli: scripts/bench-cli.sh with the staged command (the CLI jar on the core and CUDA jars, an AOT cache
# made here by the same training run as bin/trawl's) and the ripgrep gpu-pack.sh staged, on this host.
cli_bench() {
  local work
  work=$(mktemp -d "${TMPDIR:-/tmp}/trawl-cli.XXXXXX")
  local ccp="$here/cli/trawl-cli.jar:$here/lib/trawl-core.jar:$here/lib/trawl-cuda.jar"
  local base=(--enable-native-access=ALL-UNNAMED "@$here/cli/jvm.options")
  # TRAWL_VECTOR=1: with the Vector API module, as bin/trawl does with the same variable
  [ "${TRAWL_VECTOR:-0}" = 1 ] && base+=(--add-modules jdk.incubator.vector)
  "$java" "${base[@]}" -XX:AOTCacheOutput="$work/trawl.aot" -Xlog:disable -Xlog:all=error:stderr \
    -cp "$ccp" dev.trawl.cli.Training "$here/.." > /dev/null 2>&1 || echo "cli: no AOT cache (training failed)"
  local aot=()
  [ -f "$work/trawl.aot" ] && aot=(-XX:AOTCache="$work/trawl.aot" -Xlog:disable -Xlog:all=error:stderr)
  { echo '#!/usr/bin/env bash'
    printf 'exec %q' "$java"
    printf ' %q' "${base[@]}" "${aot[@]}" -Dtrawl.stdout.tty=false -Dtrawl.stderr.tty=false
    echo ' -Dtrawl.launch="${EPOCHREALTIME:-}" ${TRAWL_JAVA_OPTS:-}' "-cp $ccp dev.trawl.cli.TrawlCommand \"\$@\"" \
      "2> >(grep -v --line-buffered '^WARNING: Using incubator modules' >&2)"; } > "$work/trawl"
  chmod +x "$work/trawl"
  if [ -f "$here/cli/rg.xz" ]; then
    mkdir -p "$work/bin" && xz -dc "$here/cli/rg.xz" > "$work/bin/rg" && chmod +x "$work/bin/rg"
    xz -dc "$here/cli/libpcre2-8.so.0.xz" > "$work/bin/libpcre2-8.so.0"
    export PATH="$work/bin:$PATH" LD_LIBRARY_PATH="$work/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
  # The inputs are kept between calls (TRAWL_BENCH_DIR), so several runs with other settings reuse them.
  JAVA_HOME="$here/jre" TRAWL="$work/trawl" TRAWL_BENCH_DIR="${TRAWL_BENCH_DIR:-${TMPDIR:-/tmp}/trawl-cli-inputs}" \
    timeout "${TRAWL_BENCH_TIMEOUT:-540}" bash "$here/../scripts/bench-cli.sh" "$@"
}

run() {
  echo "== device"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader || echo "nvidia-smi failed"
  echo "cores: $(nproc); libcuda: $(ldconfig -p | grep -m1 'libcuda.so.1' || echo 'not in ldconfig'); LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
  status=0
  if [ "$what" = all ] || [ "$what" = tests ] || [ "$what" = smoke ]; then
    echo "== gpu-tagged tests"
    select=(--select-package dev.trawl.cuda)
    if [ -n "${TRAWL_TESTS:-}" ]; then
      select=()
      for c in $TRAWL_TESTS; do
        case "$c" in *.*) ;; *) c=dev.trawl.cuda.engine.$c ;; esac
        case "$c" in
          *#*) select+=(--select-method "$c") ;; # Class#method: that test method alone
          *) select+=(--select-class "$c") ;;
        esac
      done
    fi
    timeout "${TRAWL_TEST_TIMEOUT:-900}" "$java" "${jvm[@]}" -jar "$here/lib/junit-platform-console-standalone.jar" execute \
      --disable-banner --disable-ansi-colors --details="${TRAWL_TEST_DETAILS:-tree}" --class-path "$cp" "${select[@]}" --include-tag gpu || status=1
  fi
  if [ "$what" = all ] || [ "$what" = bench ] || [ "$what" = smoke ]; then
    echo "== benchmark"
    args=("$@")
    [ "$what" = smoke ] && args=(--bytes 67108864 --reps 1 "$@")
    timeout "${TRAWL_BENCH_TIMEOUT:-480}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu.PfacBench --data "$data" --dir /tmp "${args[@]}" || status=1
  fi
  if [ "$what" = all ] || [ "$what" = records ]; then
    echo "== per-record benchmark"
    args=("$@")
    [ "$what" = all ] && args=()
    timeout "${TRAWL_BENCH_TIMEOUT:-480}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu.RecordsBench --data "$data" --dir /tmp "${args[@]}" || status=1
  fi
  if [ "$what" = link ]; then
    echo "== link benchmark (where the public API's end-to-end time goes)"
    timeout "${TRAWL_BENCH_TIMEOUT:-480}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu.LinkBench --data "$data" --dir /tmp "$@" || status=1
  fi
  if [ "$what" = firstocc ]; then
    echo "== first-occurrence benchmark"
    timeout "${TRAWL_BENCH_TIMEOUT:-480}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu.FirstOccurrenceBench --data "$data" "$@" || status=1
  fi
  if [ "$what" = dictionary ]; then
    echo "== the bench harness's dictionary experiment (trawl bench dictionary; arguments passed on)"
    timeout "${TRAWL_BENCH_TIMEOUT:-540}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.BenchMain dictionary --data "$data" \
      --out "${OUT:-/tmp}/dictionary" --quiet "$@" || status=1
  fi
  if [ "$what" = harness ]; then
    echo "== the bench harness (trawl bench $*)"
    timeout "${TRAWL_BENCH_TIMEOUT:-540}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.BenchMain "$@" --data "$data" \
      --out "${OUT:-/tmp}/harness" --quiet || status=1
  fi
  if [ "$what" = count ]; then
    echo "== count benchmark (CountBench: 10 names to 1M words, 512 MiB and 4 GiB, CPU, Hyperscan, GPU, auto)"
    timeout "${TRAWL_BENCH_TIMEOUT:-540}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu.CountBench --data "$data" --dir /tmp "$@" || status=1
  fi
  if [ "$what" = profile ]; then
    echo "== Nsight Compute on ${TRAWL_NCU_KERNEL:-^pfac_count\$} (${TRAWL_NCU_BENCH:-PfacBench})"
    ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
    args=("$@")
    [ ${#args[@]} -eq 0 ] && args=(--sets 1K --bytes 268435456 --reps 1)
    # TRAWL_NCU_SOURCE=1: also keep the report and print its source page (per SASS instruction: executed
    # instructions and warp-stall samples, with the CUDA line from -lineinfo) as CSV to $OUT/ncu-source.csv.
    report=()
    dir=(--dir /tmp) # where the benches that write their inputs write them; FirstOccurrenceBench makes its own in memory
    [ "${TRAWL_NCU_BENCH:-PfacBench}" = FirstOccurrenceBench ] && dir=()
    [ -n "${TRAWL_NCU_SOURCE:-}" ] && report=(--import-source yes -f -o "${OUT:-/tmp}/ncu-profile")
    timeout "${TRAWL_BENCH_TIMEOUT:-540}" "$ncu" --target-processes all -k "regex:${TRAWL_NCU_KERNEL:-^pfac_count\$}" \
      --launch-count "${TRAWL_NCU_COUNT:-1}" --set "${TRAWL_NCU_SET:-full}" "${report[@]}" \
      "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu."${TRAWL_NCU_BENCH:-PfacBench}" --data "$data" "${dir[@]}" "${args[@]}" \
      || status=1
    if [ -n "${TRAWL_NCU_SOURCE:-}" ] && [ -f "${OUT:-/tmp}/ncu-profile.ncu-rep" ]; then
      rep="${OUT:-/tmp}/ncu-profile.ncu-rep"
      "$ncu" -i "$rep" --page details || status=1
      "$ncu" -i "$rep" --page source --csv --print-source cuda,sass > "${OUT:-/tmp}/ncu-source.csv" 2> "${OUT:-/tmp}/ncu-source.err" \
        || "$ncu" -i "$rep" --page source --csv > "${OUT:-/tmp}/ncu-source.csv" 2>> "${OUT:-/tmp}/ncu-source.err" || status=1
      "$ncu" --help | grep -i -A3 "print-source\|page" > "${OUT:-/tmp}/ncu-help.txt" 2>&1 || true
      rm -f "$rep"
    fi
  fi
  if [ "$what" = cli ]; then
    echo "== the whole trawl command against grep and ripgrep (scripts/bench-cli.sh)"
    cli_bench "$@" || status=1
  fi
  if [ "$what" = all ] || [ "$what" = regex ]; then
    echo "== regex-set benchmark"
    args=("$@")
    [ "$what" = all ] && args=()
    timeout "${TRAWL_BENCH_TIMEOUT:-480}" "$java" "${jvm[@]}" -cp "$cp" dev.trawl.bench.gpu.RegexBench --data "$data" --dir /tmp "${args[@]}" || status=1
  fi
  return $status
}
run "$@" 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
