# Session 29, run 2 (issue 24): the issue's whole table on the code of 40b082d (Teddy's candidates as
# masks, read in place): cpu:aho-corasick against native Hyperscan in each call, 1,000 words, 2,500 long
# words, 5 log words and 10,000 words over the Iliad and loghub lines, 256 MiB, 16 threads twice, 1 once.
cd "$(dirname "$0")/.."
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
{
for round in 1 2; do
  for text in iliad loghub; do echo "=== table round $round: $text, 16 threads"; d --dictionary-sizes 1K,long,log-words,10K --text $text --threads 16; done
done
for text in iliad loghub; do echo "=== table: $text, 1 thread"; d --dictionary-sizes 1K,long,log-words,10K --text $text --threads 1; done
} 2>&1 | tee $OUT/dev2.log
