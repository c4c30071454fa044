# Session 26, run 1: session 25's never-run staging lanes with no wait at a chunk's end (FreeLanes,
# -Dtrawl.gpu.input=freelanes) against whole-chunk staging, LinkBench count(Input) alternated in one
# call (LinkBench checks each count against cpu:aho-corasick and prints MISMATCH otherwise); then the
# count paths' GPU tests with the free lanes switched on.
cd "$(dirname "$0")"
{
for cfg in "2147483648 staged 16 2" "2147483648 freelanes 16 2" "2147483648 freelanes 8 4" "2147483648 staged 16 2" \
    "2147483648 freelanes 16 2" "2147483648 freelanes 8 2" "536870912 staged 16 2" "536870912 freelanes 16 2"; do
  set -- $cfg
  echo "=== $2 lanes=$3 piece=$4 MiB, $1 bytes"
  TRAWL_JAVA_OPTS="-Dtrawl.gpu.input=$2 -Dtrawl.gpu.lanes=$3 -Dtrawl.gpu.lanePieceMiB=$4" TRAWL_BENCH_TIMEOUT=60 \
    bash scripts/gpu-check.sh link --bytes $1 --reps 5 2>&1 | grep -E "count\(Input\), one mapping reused, chunk default|MISMATCH|agree" | head -4
done
echo "=== GPU tests with the free lanes"
TRAWL_JAVA_OPTS="-Dtrawl.gpu.input=freelanes" TRAWL_TESTS="GpuPfacStreamingTest GpuSharedCountTest GpuPfacContractTest" \
  TRAWL_TEST_TIMEOUT=240 TRAWL_TEST_DETAILS=summary bash scripts/gpu-check.sh tests 2>&1 | tail -25
} 2>&1 | tee $OUT/dev1.log
