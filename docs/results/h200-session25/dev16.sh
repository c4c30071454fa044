# Session 25, run 16: the JVM staging lanes with more lanes and other pieces (measuring switches trawl.gpu.lanes and
# trawl.gpu.lanePieceMiB, not kept) against whole-chunk staging, LinkBench count(Input), 2 GiB and 512 MiB.
cd "$(dirname "$0")"
{
for bytes in 2147483648 536870912; do
  for cfg in "staged 0 0" "lanes 8 4" "lanes 16 4" "lanes 16 2" "staged 0 0" "lanes 16 4"; do
    set -- $cfg
    echo "=== $1 lanes=$2 piece=$3 MiB, $bytes bytes"
    TRAWL_JAVA_OPTS="-Dtrawl.gpu.input=$1 -Dtrawl.gpu.lanes=$2 -Dtrawl.gpu.lanePieceMiB=$3" TRAWL_BENCH_TIMEOUT=100 \
      bash scripts/gpu-check.sh link --bytes $bytes --reps 5 2>&1 | grep -E "count\(Input\), one mapping reused, chunk default|MISMATCH" | head -3
  done
done
} 2>&1 | tee $OUT/dev16.log
