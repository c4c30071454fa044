# Session 30, run 11 (issue 24): the table on the final code (vector block q-grams on this Intel host, 256 KiB compacted blocks).
# cpu:aho-corasick against native Hyperscan in each call: 1,000 words, 2,500 long words, 5 log words and
# 10,000 words over the Iliad and loghub lines, 256 MiB, 16 threads (twice) and 1. Then all loghub
# templates as one regex set, cpu:dfa against Hyperscan, 16 threads (twice, 256 MiB) and 1 (64 MiB).
cd "$(dirname "$0")/.."
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words,10K --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
r() { TRAWL_BENCH_TIMEOUT=200 bash .gpu/scripts/gpu-check.sh harness regex-templates --engines cpu:dfa,peer:hyperscan \
      --seconds-per-engine 3 "$@" 2>&1 | grep -E "^\| (cpu|peer)"; }
{
for round in 1 2; do
  for text in iliad loghub; do echo "=== round $round: $text, 16 threads"; d --text $text --threads 16; done
done
for text in iliad loghub; do echo "=== $text, 1 thread"; d --text $text --threads 1; done
for round in 1 2; do echo "=== regex-templates, 16 threads, 256 MiB, round $round"; r --size 256MiB --threads 16; done
echo "=== regex-templates, 1 thread, 64 MiB"; r --size 64MiB --threads 1
} 2>&1 | tee $OUT/dev11.log
