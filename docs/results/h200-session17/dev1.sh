cd "$(dirname "$0")"
{
TRAWL_TESTS="GpuDfaCountTest GpuPfacContractTest GpuPfacStreamingTest DeviceInputTest GpuBatchAndFileTest" TRAWL_TEST_TIMEOUT=300 bash scripts/gpu-check.sh tests 2>&1 | grep -v "^\s*$" | tail -40
TRAWL_BENCH_TIMEOUT=280 bash scripts/gpu-check.sh count --sizes 512MiB --sets names,1K,10K,100K,1M 2>&1 | grep -v "Picked up" | tail -30
} 2>&1 | tee $OUT/dev1.log
