# Session 31, run 2 (issue 24): dictionary words of 8+ and 9+ letters, where block q-grams now take
# 6-byte grams once the set holds 6,000 5-byte grams (e715ccb), on the H200 machine's Xeon host.
# The engine against native Hyperscan, one thread: old classes (.gpu/old = trawl-core of 9c19748,
#    5-byte grams in every 8- and 9-byte window) against new, 8+ letters.
# Staged: .gpu/old.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
awk 'length($0) >= 8' data/words/english-100k.txt > /tmp/words8.txt
{
for t in iliad loghub; do for v in old new; do echo "=== engine, 8+ letters, $t, 1 thread, $v"
  prefix=""; [ $v = old ] && prefix=.gpu/old
  TRAWL_CP_PREFIX=$prefix TRAWL_BENCH_TIMEOUT=170 bash .gpu/scripts/gpu-check.sh dictionary --words /tmp/words8.txt \
    --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes 1K,2K,3K,5K --text $t --threads 1 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7
done; done
} 2>&1 | tee $OUT/dev2.log
