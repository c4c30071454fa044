# Session 27, run 2: issue 24, why does the 1,000-word walk scale worse on 16 threads than Hyperscan?
# sib.c: which vCPUs share a physical core (a sibling halves a busy loop's rate). Gw.java's scalar
# walk (the engine's loop): 16 threads in one JVM, each over its own 128 MiB copy ("own") or over a
# sixteenth of one text ("shared"), with each thread's rate, against 16 processes at once.
cd "$(dirname "$0")/.."
java=.gpu/jre/bin/java
cp=.gpu/lib/trawl-core.jar:.gpu/scratch
{
gcc -O2 -pthread -o /tmp/sib docs/results/h200-session27/sib.c && /tmp/sib 16
echo "perf: $(command -v perf || echo none)"
cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list /sys/devices/system/cpu/cpu0/topology/core_cpus_list 2>&1
for round in 1 2; do
  for mode in own shared; do
    $java -Xmx8g --add-modules jdk.incubator.vector -cp $cp dev.trawl.automaton.Gw 1000 128 4 scalar 16 $mode 2>&1 | grep "rep [123]"
  done
  $java -Xmx8g --add-modules jdk.incubator.vector -cp $cp dev.trawl.automaton.Gw 1000 128 4 scalar 1 own 2>&1 | grep "rep [23]"
  echo "=== 16 processes at once, round $round"
  for i in $(seq 16); do $java --add-modules jdk.incubator.vector -cp $cp dev.trawl.automaton.Gw 1000 128 3 scalar 2>&1 | grep "rep 2" > /tmp/p$i.log & done; wait
  cat /tmp/p*.log | awk '{r[$1]+= $5; n[$1]++; if (!($1 in lo) || $5 < lo[$1]) lo[$1]=$5; if ($5 > hi[$1]) hi[$1]=$5} END {for (t in r) printf "%s processes: mean %.3f min %.3f max %.3f, sum %.2f GB/s\n", t, r[t]/n[t], lo[t], hi[t], r[t]}'
done
} 2>&1 | tee $OUT/dev2.log
