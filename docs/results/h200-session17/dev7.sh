cd "$(dirname "$0")"
{
TRAWL_BENCH_TIMEOUT=200 bash scripts/gpu-check.sh bench --sets names,1K,10K,100K --bytes 536870912 --reps 5 2>&1 | grep -E "^==|kernel only" | head -12
TRAWL_TESTS="GpuDfaCountTest" TRAWL_TEST_TIMEOUT=200 bash scripts/gpu-check.sh tests 2>&1 | grep -E "tests (successful|failed)|✘" | head
TRAWL_BENCH_TIMEOUT=400 bash scripts/gpu-check.sh count --sizes 512MiB,4GiB --sets names,1K,10K,100K,1M 2>&1 | grep -v "Picked up" | tail -14
} 2>&1 | tee $OUT/dev7.log
