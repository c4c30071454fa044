# Session 23, run 1: the GPU regex engines with the new word-start and word-end assertions (\b{start},
# \b{end}: the command's \< and \>; RandomRegex now draws them), then the whole command against grep and
# ripgrep on this host (scripts/bench-cli.sh: every row, -r over 10,000 files included) after the -r changes.
cd "$(dirname "$0")"
{
lscpu | grep "Model name"
TRAWL_TESTS="GpuNfaContractTest FlatNfaWalkTest GpuLiteralRegexTest" TRAWL_TEST_TIMEOUT=240 \
  bash scripts/gpu-check.sh tests 2>&1 | grep -v "Picked up" | tail -12
TRAWL_BENCH_TIMEOUT=330 bash scripts/gpu-check.sh cli 2>&1 | grep -v "Picked up" | tail -30
} 2>&1 | tee $OUT/dev1.log
