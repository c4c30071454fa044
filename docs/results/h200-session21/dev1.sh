# Session 21, run 1: issue 24's sets with the bench's repeated trial (a JIT-cold trial no longer gets a fast
# engine timed on a prefix without warm-up), whole rows kept; then 1,000 words over 1-16 threads.
cd "$(dirname "$0")"
{
lscpu | grep -E "Model name|Thread|Core|Socket|MHz|L1d|L2|L3|Flags" | sed 's/^Flags:.*\(avx512[a-z]*\).*/Flags: has \1/'
for threads in 16 1; do
  for text in iliad loghub; do
    size=512MiB; [ $threads = 1 ] && size=256MiB; [ $text = loghub ] && size=256MiB
    echo "=== 1K,long, $text, $threads threads, $size"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long --text $text --size $size --threads $threads 2>&1 | grep -E "^\| (cpu|peer)"
  done
done
for threads in 2 4 8; do
  echo "=== 1K, iliad, $threads threads, 256MiB"
  TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K --text iliad --size 256MiB --threads $threads 2>&1 | grep -E "^\| (cpu|peer)"
done
} 2>&1 | tee $OUT/dev1.log
