# Session 27, run 1: issue 24, can AVX-512 gathers walk the 1,000-word automaton faster than the scalar
# 4-stream walk on this host's Xeon? Gt.java: gather throughput alone (4 chains of 16-lane gathers).
# Gw.java: the count walk over 16, 32 or 64 streams, one 16-lane gather per step of each 16 streams,
# against the scalar 4-stream walk, one thread, 128 MiB, then 16 processes at once.
cd "$(dirname "$0")/.."
java=.gpu/jre/bin/java
cp=.gpu/lib/trawl-core.jar:.gpu/scratch
{
lscpu | grep -E "Model name|MHz|Flags" | cut -c1-200
$java --add-modules jdk.incubator.vector -cp .gpu/scratch Gt 2>&1 | grep -v WARN
$java --add-modules jdk.incubator.vector -cp $cp dev.trawl.automaton.Gw 1000 128 4 scalar,g1,g2,g4 2>&1 | grep -v WARN
echo "=== 16 processes at once, scalar then g2"
for v in scalar g2; do
  for i in $(seq 16); do $java --add-modules jdk.incubator.vector -cp $cp dev.trawl.automaton.Gw 1000 128 3 $v 2>&1 | grep "rep 2" > /tmp/p$i.log & done; wait
  cat /tmp/p*.log | sort | head -32
done
} 2>&1 | tee $OUT/dev1.log
