# Session 23, run 2: run 1's GPU regex tests printed nothing within their 240 s; again class by class with
# each test listed as it ends (flat details), to see which one runs long.
cd "$(dirname "$0")"
{
for t in FlatNfaWalkTest GpuLiteralRegexTest GpuNfaContractTest; do
  echo "=== $t"
  start=$(date +%s)
  TRAWL_TESTS="$t" TRAWL_TEST_DETAILS=flat TRAWL_TEST_TIMEOUT=150 bash scripts/gpu-check.sh tests 2>&1 \
    | grep -v "Picked up" | grep -E "SUCCESSFUL|FAILED|ABORTED|tests (found|successful|failed)|Exception|expected" | cut -c1-220 | tail -40
  echo "($(( $(date +%s) - start )) s)"
done
} 2>&1 | tee $OUT/dev2.log
