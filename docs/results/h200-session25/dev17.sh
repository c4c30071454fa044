# Session 25, run 17: staging lanes with no wait at a chunk's end (FreeLanes, measuring only: -Dtrawl.gpu.input=freelanes,
# lanes and piece size by trawl.gpu.lanes / trawl.gpu.lanePieceMiB) against whole-chunk staging, LinkBench count(Input)
# (it checks every count against cpu:aho-corasick and prints MISMATCH otherwise), alternated in one call.
cd "$(dirname "$0")"
{
for cfg in "2147483648 staged 16 2" "2147483648 freelanes 16 2" "2147483648 freelanes 8 4" "2147483648 staged 16 2" \
    "2147483648 freelanes 16 2" "536870912 staged 16 2" "536870912 freelanes 16 2"; do
  set -- $cfg
  echo "=== $2 lanes=$3 piece=$4 MiB, $1 bytes"
  TRAWL_JAVA_OPTS="-Dtrawl.gpu.input=$2 -Dtrawl.gpu.lanes=$3 -Dtrawl.gpu.lanePieceMiB=$4" TRAWL_BENCH_TIMEOUT=60 \
    bash scripts/gpu-check.sh link --bytes $1 --reps 5 2>&1 | grep -E "count\(Input\), one mapping reused, chunk default|MISMATCH|agree" | head -4
done
} 2>&1 | tee $OUT/dev17.log
