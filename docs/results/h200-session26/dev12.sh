# Session 26, run 12: the GPU tests that call countMatchingRecords (its default now MatchingRecordCount,
# one call a match) and the copy lanes' tests, on the final code.
cd "$(dirname "$0")"
TRAWL_TESTS="GpuLiteralRegexTest GpuBatchAndFileTest GpuCopyLanesTest" TRAWL_TEST_TIMEOUT=280 TRAWL_TEST_DETAILS=summary \
  bash scripts/gpu-check.sh tests 2>&1 | grep -E "tests (found|successful|failed)|MethodSource|=>|Exception|finished after" | head -30 | tee $OUT/dev12.log
