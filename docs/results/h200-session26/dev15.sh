# Session 26, run 15: the final code's copy-lane, streaming, batch/file and record-count GPU tests (after the lane waits moved onto ChunkSlot; review, no change in behaviour; before that, after
# CopyLanes makes every lane before queuing a piece).
cd "$(dirname "$0")"
TRAWL_TESTS="GpuCopyLanesTest GpuPfacStreamingTest GpuBatchAndFileTest GpuLiteralRegexTest DeviceInputTest GpuSharedCountTest" \
  TRAWL_TEST_TIMEOUT=280 TRAWL_TEST_DETAILS=summary bash scripts/gpu-check.sh tests 2>&1 \
  | grep -E "tests (found|successful|failed)|MethodSource|=>|Exception|finished after" | head -30 | tee $OUT/dev15.log
