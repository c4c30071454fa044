cd "$(dirname "$0")"
{
for sets in 1M 100K,1M 1M; do
echo "=== $sets"
TRAWL_BENCH_TIMEOUT=250 bash scripts/gpu-check.sh count --sizes 512MiB --sets $sets --hyperscan-max 1000 2>&1 | grep -E "^\| 512MiB|agree|MISMATCH" | tail -3
done
} 2>&1 | tee $OUT/dev11.log
