# Session 24, run 6: GPU tests after counts, matching-record counts and per-record work began claiming chunks in
# no order (UnorderedChunkCount): the engines' record and count paths and the CPU+GPU shared count.
cd "$(dirname "$0")"
{
TRAWL_TESTS="GpuRecordsTest GpuSharedCountTest GpuBatchAndFileTest GpuPfacContractTest GpuTrieContractTest GpuRabinKarpContractTest GpuChainContractTest" \
  TRAWL_TEST_TIMEOUT=540 TRAWL_TEST_DETAILS=summary bash scripts/gpu-check.sh tests
} 2>&1 | tee $OUT/dev6.log
