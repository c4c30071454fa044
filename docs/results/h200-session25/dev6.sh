# Session 25, run 6 (run 5 again; its filter dropped the rows of the block rounds): (a) the flagged rows' loop with classes renumbered by text frequency (Pm.java: pmif) against
# the loop as kept (pmi) and the 16-bit rows (charm), one thread; (b) the count's off-heap copy block
# (measuring switch trawl.count.block, not kept): 1 MiB (as kept), 256 KiB and 64 KiB, 1,000 words, the Iliad
# and loghub lines, 256 MiB, 16 threads (alternated twice) and one, against native Hyperscan in the same call.
cd "$(dirname "$0")"
java=$(pwd)/jre/bin/java
cat ../data/loghub/*/*_2k.log > /tmp/loghub.txt
{
for text in ../data/iliad.txt /tmp/loghub.txt; do
  echo "=== Pm, one thread, $text"
  $java -cp scratch/cls:lib/trawl-core.jar Pm ../data/words/english-100k.txt 1000 $text 128 4 charm,pmi,pmif | tail -3
done
for round in 1 2 3; do
  threads=16; [ $round = 3 ] && threads=1
  for block in 1048576 262144; do
    [ $round = 3 ] && [ $block = 65536 ] && continue
    for text in iliad loghub; do
      echo "=== round $round, block $block, 1K, $text, $threads threads"
      TRAWL_JAVA_OPTS="-Dtrawl.count.block=$block" TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 \
        --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K --text $text --size 256MiB \
        --threads $threads 2>&1 | grep -E "^\| (cpu|peer)"
    done
  done
done
} 2>&1 | tee $OUT/dev6.log
