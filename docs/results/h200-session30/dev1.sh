# Session 30, run 1 (issue 24): the block q-gram filter's round test in a 32 KiB two-bit table (first-level
# cache) against the 256 KiB one-bit table, for 2,500 long words, on the H200 machine's Xeon host.
# 1) The filter alone (scratch Lv: "cur" is a copy of the old filter, "real" the new one, "base" and
#    "s2_12" the bare look loops over the old table and a 32 KiB two-bit one), 6-, 7- and 8-byte grams.
# 2) The engine's count against native Hyperscan, one thread: old classes (.gpu/old) against new.
# Staged: .gpu/old = trawl-core classes of 163902b, .gpu/scratch = the scratch programs' classes.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
{
for t in iliad loghub; do for g in 6 7 8; do echo "=== filter alone, $t, gram $g"
  $J -Dbg.gram=$g -Ddata=data -Dtext=$t -Dv=cur,real,base,s2_12 -Drounds=4 -cp $CP dev.trawl.prefilter.Lv 256 2>&1 | grep -v WARN
done; done
for t in iliad loghub; do for v in old new; do echo "=== engine, long words, $t, 1 thread, $v"
  prefix=""; [ $v = old ] && prefix=.gpu/old
  TRAWL_CP_PREFIX=$prefix TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt \
    --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes long --text $t --threads 1 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7
done; done
} 2>&1 | tee $OUT/dev1.log
