# Session 28, run 2: issue 24. The compaction now reads the text where it lies (no window copy first).
# Eg2.java (1 MiB chunks, so every chunk is compacted): cmp (compaction on) against plain (off, window
# copy) and heap (off, heap text, no copy), 16 threads and 1, Iliad and loghub, twice. Then the bench,
# cpu:aho-corasick against native Hyperscan, 1,000 and 10,000 words, 256 MiB, 16 threads and 1.
cd "$(dirname "$0")/.."
java=.gpu/jre/bin/java
cp=.gpu/lib/trawl-core.jar:.gpu/scratch
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,10K --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
{
for round in 1 2; do
  for t in 16 1; do
    for text in iliad loghub; do
      $java -Xmx4g --add-modules jdk.incubator.vector -cp $cp dev.trawl.engine.cpu.Eg2 1000 256 4 $text cmp,plain,heap $t 1024 2>&1 | grep -v WARN | grep -v "rep 0"
    done
  done
done
for round in 1 2; do
  for text in iliad loghub; do echo "=== round $round: $text, 16 threads"; d --text $text --threads 16; done
done
for text in iliad loghub; do echo "=== $text, 1 thread"; d --text $text --threads 1; done
} 2>&1 | tee $OUT/dev2.log
