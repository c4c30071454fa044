# Session 24, run 1: the GPU regex engines (every gpu:nfa-block variant and gpu:regex) through the whole regex
# contract, which gained unicodeCaseFolding ((?iu) against java.util.regex) and runs on the parser whose
# bracket classes now fold their named members (\W, [:upper:]) apart from the members written out.
cd "$(dirname "$0")"
{
TRAWL_TESTS="GpuNfaContractTest" TRAWL_TEST_TIMEOUT=500 TRAWL_TEST_DETAILS=summary bash scripts/gpu-check.sh tests
} 2>&1 | tee $OUT/dev1.log
