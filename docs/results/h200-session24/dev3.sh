# Session 24, run 3: counts on 16 threads claiming chunks with no order (UnorderedChunkCount, the new default)
# against the ordered run with its window of 2 x threads chunks (-Dtrawl.count.ordered=true, a measuring
# switch), alternated, two rounds: cpu:aho-corasick against native Hyperscan in the same call, issue 24's
# sets over loghub lines and the Iliad, 256 MiB.
cd "$(dirname "$0")"
{
for round in 1 2; do
  for ordered in false true; do
    for text in loghub iliad; do
      echo "=== round $round, ordered=$ordered, $text, 16 threads, 256MiB"
      TRAWL_JAVA_OPTS="-Dtrawl.count.ordered=$ordered" TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary \
        --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan \
        --dictionary-sizes 1K,long,log-words --text $text --size 256MiB --threads 16 2>&1 | grep -E "^\| (cpu|peer)" | grep -v " 16 "
    done
  done
done
} 2>&1 | tee $OUT/dev3.log
