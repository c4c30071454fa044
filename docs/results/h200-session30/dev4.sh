# Session 30, run 4 (issue 24): 2,500 long words, cpu:aho-corasick against native Hyperscan in each call,
# the block q-gram looks eight a vector (auto on this Intel host) against the scalar loop
# (-Dtrawl.blockgrams=scalar), alternated, on 1 and 16 threads, over the Iliad and loghub lines.
cd "$(dirname "$0")/.."
for threads in 1 16; do for text in iliad loghub; do for mode in vector scalar vector scalar; do
  echo "=== $text, $threads threads, $mode"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams=$mode" TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary \
    --words data/words/english-100k.txt --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB \
    --dictionary-sizes long --text $text --threads $threads 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7,10
done; done; done 2>&1 | tee $OUT/dev4.log
