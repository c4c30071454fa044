# Session 30, run 10 (issue 24): 1,000 words on 16 threads (0.80x and 0.85x Hyperscan over the Iliad in run
# 7, against 1.06x on one thread): does the compacted count's 1 MiB block (plus the 823 KiB table, per
# hyperthread pair) spill the second-level cache? -Dtrawl.compactBlock (this build only) at 1 MiB, 256 KiB
# and 128 KiB, alternated, Iliad and loghub, native Hyperscan in each call.
cd "$(dirname "$0")/.."
for round in 1 2; do for text in iliad loghub; do for b in 1048576 262144 131072; do
  echo "=== $text, 16 threads, block $b, round $round"
  TRAWL_JAVA_OPTS="-Dtrawl.compactBlock=$b" TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary \
    --words data/words/english-100k.txt --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB \
    --dictionary-sizes 1K --text $text --threads 16 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7,10
done; done; done 2>&1 | tee $OUT/dev10.log
