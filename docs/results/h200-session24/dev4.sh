# Session 24, run 4: issue 24's sets on the final code (counts claim chunks in no order), cpu:aho-corasick
# against native Hyperscan in the same call: 16 threads twice and one thread once, the Iliad and loghub
# lines; then all loghub templates as one regex set (cpu:dfa), 16 threads and one.
cd "$(dirname "$0")"
{
for round in 1 2 3; do
  threads=16; [ $round = 3 ] && threads=1
  for text in iliad loghub; do
    echo "=== round $round: 1K,long,log-words, $text, $threads threads, 256MiB"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --text $text --size 256MiB \
      --threads $threads 2>&1 | grep -E "^\| (cpu|peer)" | grep -v " $threads | "
  done
done
for threads in 16 1; do
  size=256MiB; [ $threads = 1 ] && size=64MiB
  echo "=== regex-templates, $threads threads, $size"
  TRAWL_BENCH_TIMEOUT=200 bash scripts/gpu-check.sh harness regex-templates --size $size --threads $threads \
    --engines cpu:dfa,peer:hyperscan --seconds-per-engine 4 2>&1 | grep -E "^\| (cpu|peer)"
done
} 2>&1 | tee $OUT/dev4.log
