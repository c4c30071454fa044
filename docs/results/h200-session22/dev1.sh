# Session 22, run 1: the pipeline's device copies queued by the copy threads step by step (trawl.gpu.sendStep),
# GPU tests on that code, then counts end to end with whole-chunk copies (0) against 1 MiB and 4 MiB steps,
# alternated twice in one call.
cd "$(dirname "$0")"
{
lscpu | grep "Model name"
TRAWL_TESTS="GpuPfacContractTest GpuPfacStreamingTest GpuSharedCountTest GpuBatchAndFileTest DeviceInputTest GpuDfaCountTest HostCopierTest" \
  TRAWL_TEST_TIMEOUT=300 bash scripts/gpu-check.sh tests 2>&1 | grep -v "Picked up" | tail -12
for round in 1 2; do
  for step in 0 1048576 4194304; do
    echo "=== round $round, sendStep $step"
    JAVA_TOOL_OPTIONS="-Dtrawl.gpu.sendStep=$step" TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh count --sizes 512MiB \
      --sets names,10K --hyperscan-max 0 2>&1 | grep -v "Picked up" | grep -E "^\| 512|MISMATCH|agree"
  done
done
} 2>&1 | tee $OUT/dev1.log
