# Session 23, run 4: run 3 showed GpuNfaContractTest is slow, not stuck (its loghub-template test checks
# against the CPU Pike VM); the whole class, five variants, given the time it needs.
cd "$(dirname "$0")"
{
start=$(date +%s)
TRAWL_TESTS="GpuNfaContractTest GpuLiteralRegexTest" TRAWL_TEST_TIMEOUT=560 bash scripts/gpu-check.sh tests 2>&1 \
  | grep -v "Picked up" | grep -E "tests (found|successful|failed|aborted)|MethodSource|Exception|expected" | cut -c1-240 | tail -30
echo "($(( $(date +%s) - start )) s)"
} 2>&1 | tee $OUT/dev4.log
