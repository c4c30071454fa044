cd "$(dirname "$0")"
{
TRAWL_TESTS="GpuDfaCountTest GpuPfacContractTest GpuPfacStreamingTest DeviceInputTest GpuSharedCountTest GpuBatchAndFileTest" TRAWL_TEST_TIMEOUT=400 bash scripts/gpu-check.sh tests 2>&1 | grep -v "^\s*$" | tail -14
} 2>&1 | tee $OUT/dev12.log
