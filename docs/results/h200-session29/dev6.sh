# Session 29, run 12 (issue 24): 2,500 long words on one thread, alone and after 1,000 words, over the
# Iliad and loghub lines, twice, on the final code: run 11's table had them at 0.73x and 0.68x (2.20 and
# 1.62 GB/s), under every earlier run of the session. (Run inline as one command; kept here to rerun.)
cd "$(dirname "$0")/.."
for round in 1 2; do for sizes in long 1K,long; do for text in iliad loghub; do echo "=== round $round: $sizes, $text, 1 thread"
  TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
    --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes $sizes --text $text --threads 1 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7; done; done; done 2>&1 | tee $OUT/dev6.log
