# Session 28, run 1: issue 24. Where does the engine's 1,000-word count lose to its own loop on the Xeon?
# Eg2.java: threads claim 1 MiB chunks of one 256 MiB text and count each: cmp (the engine, compaction on,
# native text), plain (compaction off, native: a window copy per block), heap (compaction off, heap text:
# no copy), seglong (the flagged-rows loop reading the native segment 8 bytes a stream, no copy).
# 1 and 16 threads, Iliad and loghub, four reps each (the first warms up).
cd "$(dirname "$0")/.."
java=.gpu/jre/bin/java
cp=.gpu/lib/trawl-core.jar:.gpu/scratch
{
lscpu | grep -E "Model name|MHz" | cut -c1-120
for round in 1 2; do
  for t in 16 1; do
    for text in iliad loghub; do
      $java -Xmx4g --add-modules jdk.incubator.vector -cp $cp dev.trawl.engine.cpu.Eg2 1000 256 4 $text cmp,plain,heap,seglong $t 1024 2>&1 | grep -v WARN | grep -v "rep 0"
    done
  done
done
} 2>&1 | tee $OUT/dev1.log
