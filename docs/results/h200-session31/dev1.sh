# Session 31, run 1 (issue 24): dictionary words of 8+ and 9+ letters, where block q-grams now take
# 6-byte grams once the set holds 6,000 5-byte grams (e715ccb), on the H200 machine's Xeon host.
# 1) Each prefilter under the engine's count, one thread, 128 MiB, native text (scratch Ew; "vector" is
#    the filter auto picks on this CPU, "none" the plain walk), and Cand: candidates per byte.
# 2) The engine against native Hyperscan on 16 threads, 8+ letters (dev2.sh: one thread, old against new).
# Staged: .gpu/old, .gpu/scratch (Ew and Cand, compiled against the new classes).
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
awk 'length($0) >= 8' data/words/english-100k.txt > /tmp/words8.txt
{
for spec in "8 1000" "8 2000" "8 3000" "8 5000" "9 1000" "9 3000"; do for t in iliad loghub; do
  echo "=== filters, $spec words, $t"
  $J --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp $CP dev.trawl.engine.cpu.Ew $spec 128 $t 2>&1 | grep -v WARN | sed -n '1p;4,5p'
  $J -cp $CP dev.trawl.prefilter.Cand $spec $t 2>&1 | grep -v WARN
done; done
for t in iliad loghub; do echo "=== engine, 8+ letters, $t, 16 threads, new"
  TRAWL_BENCH_TIMEOUT=120 bash .gpu/scripts/gpu-check.sh dictionary --words /tmp/words8.txt \
    --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes 1K,2K,3K,5K --text $t --threads 16 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7
done
} 2>&1 | tee $OUT/dev1.log
