# Session 31, run 4 (issue 24): the issue's table on the final code (e715ccb: 6-byte grams in short
# windows for large sets; the table's sets are as in session 30's run 11, which this repeats).
# cpu:aho-corasick against native Hyperscan in each call: 1,000 words, 2,500 long words, 5 log words and
# 10,000 words over the Iliad and loghub lines, 256 MiB, 16 threads (twice) and 1.
cd "$(dirname "$0")/.."
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words,10K --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
{
for round in 1 2; do
  for text in iliad loghub; do echo "=== round $round: $text, 16 threads"; d --text $text --threads 16; done
done
for text in iliad loghub; do echo "=== $text, 1 thread"; d --text $text --threads 1; done
} 2>&1 | tee $OUT/dev4.log
