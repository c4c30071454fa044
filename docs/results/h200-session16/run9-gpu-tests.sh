#!/usr/bin/env bash
cd "$(dirname "$0")"
TRAWL_TEST_TIMEOUT=500 TRAWL_TEST_DETAILS=summary TRAWL_TESTS="GpuPfacContractTest GpuSharedCountTest GpuRecordsTest GpuBatchAndFileTest" bash scripts/gpu-check.sh tests 2>&1 | tee $OUT/dev9.log
