cd "$(dirname "$0")"
{
TRAWL_BENCH_TIMEOUT=570 bash scripts/gpu-check.sh count --sizes 512MiB,4GiB --sets names,1K,10K,100K,1M 2>&1 | grep -v "Picked up" | tail -16
} 2>&1 | tee $OUT/dev8.log
