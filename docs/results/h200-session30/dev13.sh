# Session 30, run 13 (issue 24): the one cell of run 11 under 1x (1,000 words over the Iliad on 16 threads:
# 0.92x, then 1.07x), six more calls for its spread, then the host's topology.
cd "$(dirname "$0")/.."
{
for round in 1 2 3 4 5 6; do echo "=== round $round: iliad, 16 threads, 1,000 words"
  TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
    --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K --size 256MiB --text iliad --threads 16 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7,10
done
echo "=== lscpu"; lscpu | grep -E "^(Model name|Thread|Core|Socket|CPU\(s\)|L1d|L2|L3|CPU max MHz)"
} 2>&1 | tee $OUT/dev13.log
