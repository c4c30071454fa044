# Session 25, run 15: the staging lanes in the JVM (StagingLanes: chunks sent in 4 MiB pieces through 8 copy
# threads' own pinned slots) against whole-chunk staging (-Dtrawl.gpu.input=staged), LinkBench through the public
# API, 512 MiB and 2 GiB, alternated twice in one call; then the GPU tests of the paths they feed.
cd "$(dirname "$0")"
{
for rep in 1 2; do
  for mode in lanes staged; do
    for bytes in 536870912 2147483648; do
      echo "=== $mode, $bytes bytes"
      TRAWL_JAVA_OPTS="-Dtrawl.gpu.input=$mode" TRAWL_BENCH_TIMEOUT=120 bash scripts/gpu-check.sh link --bytes $bytes --reps 5 2>&1 \
        | grep -E "count\(Path\)|count\(Input\)|MatchBatchSink|MISMATCH|agree" | head -8
    done
  done
done
echo "=== GPU tests"
TRAWL_TESTS="GpuStagingLanesTest GpuPfacStreamingTest GpuSharedCountTest DeviceInputTest GpuPfacContractTest" TRAWL_TEST_TIMEOUT=330 \
  TRAWL_TEST_DETAILS=summary bash scripts/gpu-check.sh tests 2>&1 | tail -25
} 2>&1 | tee $OUT/dev15.log
