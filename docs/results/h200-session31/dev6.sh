# Session 31, run 6 (issue 24), final code: all loghub templates as one regex set, cpu:dfa against native
# Hyperscan, 16 threads, 256 MiB, three calls (run 5's call measured 0.95x with ±12.8% on cpu:dfa).
cd "$(dirname "$0")/.."
r() { TRAWL_BENCH_TIMEOUT=200 bash .gpu/scripts/gpu-check.sh harness regex-templates --engines cpu:dfa,peer:hyperscan \
      --seconds-per-engine 3 "$@" 2>&1 | grep -E "^\| (cpu|peer)"; }
{
for round in 1 2 3; do echo "=== regex-templates, 16 threads, 256 MiB, round $round"; r --size 256MiB --threads 16; done
} 2>&1 | tee $OUT/dev6.log
