# Session 24, run 5: all loghub templates as one regex set (cpu:dfa against native Hyperscan), 16 threads,
# 256 MiB, three times in one call: run 4's 0.93x against session 21's 1.27x, spread or change?
cd "$(dirname "$0")"
{
for rep in 1 2 3; do
  echo "=== regex-templates, 16 threads, 256MiB, repetition $rep"
  TRAWL_BENCH_TIMEOUT=200 bash scripts/gpu-check.sh harness regex-templates --size 256MiB --threads 16 \
    --engines cpu:dfa,peer:hyperscan --seconds-per-engine 4 2>&1 | grep -E "^\| (cpu|peer)"
done
} 2>&1 | tee $OUT/dev5.log
