# Session 25, run 14: the JVM's staged pipeline (LinkBench: count(Path) through the public API, 512 MiB and 2 GiB)
# and the C experiment of run 13 (ScanPipeline's shape and per-thread lanes) on the same host, in one call,
# once each: does the Java pipeline reach what the same shape reaches in C?
cd "$(dirname "$0")"
root=$(cd .. && pwd)
{
nvcc -O2 -o /tmp/cs $root/trawl-cuda/src/experiments/cached_staging.c -lcuda -lpthread 2>&1 | grep -v warning
for rep in 1; do
  echo "=== LinkBench 512 MiB"
  TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh link --bytes 536870912 --reps 5 2>&1 | grep -iE "count\(Path\)|count\(Input\)|staging|text:" | head -8
  echo "=== LinkBench 2 GiB"
  TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh link --bytes 2147483648 --reps 5 2>&1 | grep -iE "count\(Path\)|count\(Input\)|staging|text:" | head -8
  echo "=== C, 2 GiB"
  /tmp/cs 2 | head -6
done
} 2>&1 | tee $OUT/dev14.log
