# Session 28, run 3: issue 24. How much of its bytes may a compacted block keep and still pay on the Xeon?
# A build whose threshold is -Dtrawl.keep (default 0.95; the committed code has it as a constant).
# Eg2.java, one thread, 16 MiB chunks (so a range past its first block follows the threshold): cmp against
# plain, keep 0.9 (the Iliad falls back) against 0.95 (it stays compacted), 1,000 and 10,000 words, Iliad,
# alternated twice. Then the bench at 0.95: 1,000 and 10,000 words, Iliad and loghub, 16 threads and 1.
cd "$(dirname "$0")/.."
java=.gpu/jre/bin/java
cp=.gpu/lib/trawl-core.jar:.gpu/scratch
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,10K --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
{
for round in 1 2; do
  for n in 1000 10000; do
    for k in 0.9 0.95; do
      echo "== $n words, keep $k"
      $java -Dtrawl.keep=$k -Xmx4g --add-modules jdk.incubator.vector -cp $cp dev.trawl.engine.cpu.Eg2 $n 256 4 iliad cmp,plain 1 16384 2>&1 | grep -v WARN | grep -v "rep 0"
    done
  done
done
for round in 1 2; do
  for text in iliad loghub; do echo "=== round $round: $text, 16 threads"; d --text $text --threads 16; done
done
for text in iliad loghub; do echo "=== $text, 1 thread"; d --text $text --threads 1; done
} 2>&1 | tee $OUT/dev3.log
