# Session 27, run 4: issue 24. The count over compacted classes (Gw.java "cz": the text translated to
# classes with vpermi2b, each class-0 byte after a class-0 byte dropped with vpcompressb, then the
# engine's 4-stream loop) against the engine's loop ("scalar"), 1,000 words, one thread, then 16
# threads each over its own 128 MiB, alternated.
cd "$(dirname "$0")/.."
java=.gpu/jre/bin/java
cp=.gpu/lib/trawl-core.jar:.gpu/scratch
{
$java --add-modules jdk.incubator.vector -cp $cp dev.trawl.automaton.Gw 1000 128 5 scalar,cz,czonly 2>&1 | grep rep
for round in 1 2; do
  for v in scalar cz; do
    $java -Xmx8g --add-modules jdk.incubator.vector -cp $cp dev.trawl.automaton.Gw 1000 128 4 $v 16 own 2>&1 | grep "rep [23]"
  done
done
} 2>&1 | tee $OUT/dev4.log
