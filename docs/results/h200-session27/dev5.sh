# Session 27, run 5: issue 24 on the kept code. The compacted count (default) against the same build with
# -Dtrawl.compaction=off, and native Hyperscan in each call: 1,000 and 10,000 words, 256 MiB, over loghub
# lines and the Iliad, 16 threads (alternated, twice) and 1.
cd "$(dirname "$0")/.."
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,10K --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
{
for round in 1 2; do
  for text in loghub iliad; do
    echo "=== round $round: $text, 16 threads, compaction on"; d --text $text --threads 16
    echo "=== round $round: $text, 16 threads, compaction off"; TRAWL_JAVA_OPTS="-Dtrawl.compaction=off" d --text $text --threads 16
  done
done
for text in loghub iliad; do
  echo "=== $text, 1 thread, compaction on"; d --text $text --threads 1
  echo "=== $text, 1 thread, compaction off"; TRAWL_JAVA_OPTS="-Dtrawl.compaction=off" d --text $text --threads 1
done
} 2>&1 | tee $OUT/dev5.log
