# Session 21, run 11: GPU tests after cpu:pfac's walk moved to a byte[] window (gpu:pfac finds a few
# records on the host with it: FirstRowsTable) and cpu:trie's too; staged without the CLI, bench and
# native peers to fit the transfer.
cd "$(dirname "$0")/.."
TRAWL_TESTS="GpuPfacFirstRowsTest FirstRowsTableTest GpuRecordsTest GpuPfacContractTest GpuTrieContractTest GpuTrieEngineTest GpuBatchAndFileTest" \
  bash .gpu/scripts/gpu-check.sh tests 2>&1 | tail -25 | tee $OUT/dev11.log
