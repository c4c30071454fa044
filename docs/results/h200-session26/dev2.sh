# Session 26, run 2: the copy lanes as the default (CopyLanes; each chunk's kernels queued once the next
# chunk's copy is under way). The GPU tests of every path they feed, then LinkBench at 2 GiB and 512 MiB,
# the lanes (staged) against whole-chunk staging (-Dtrawl.gpu.input=chunks) and 3 against 4 slots,
# alternated in one call (LinkBench checks every count against cpu:aho-corasick, MISMATCH otherwise).
cd "$(dirname "$0")"
{
echo "=== GPU tests, lanes by default"
TRAWL_TESTS="GpuCopyLanesTest GpuPfacStreamingTest GpuSharedCountTest GpuPfacContractTest DeviceInputTest GpuBatchAndFileTest GpuTrieContractTest" \
  TRAWL_TEST_TIMEOUT=300 TRAWL_TEST_DETAILS=summary bash scripts/gpu-check.sh tests 2>&1 | grep -E "tests (found|successful|failed)|MethodSource|=>|Exception" | head -30
for cfg in "2147483648 staged 3" "2147483648 chunks 3" "2147483648 staged 4" "2147483648 staged 3" "2147483648 chunks 3" \
    "2147483648 staged 4" "536870912 staged 3" "536870912 chunks 3" "536870912 staged 4"; do
  set -- $cfg
  echo "=== input=$2 slots=$3, $1 bytes"
  TRAWL_JAVA_OPTS="-Dtrawl.gpu.input=$2 -Dtrawl.gpu.slots=$3" TRAWL_BENCH_TIMEOUT=90 \
    bash scripts/gpu-check.sh link --bytes $1 --reps 5 2>&1 | grep -E "one mapping reused|scan\(Input, MatchBatchSink|MISMATCH|agree|GPU alone|one queue" | head -12
done
} 2>&1 | tee $OUT/dev2.log
