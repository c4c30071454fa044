# Session 26, run 5: issue 24, why 16 threads scale worse for cpu:aho-corasick than for Hyperscan on this
# host (1,000 dictionary words over the Iliad, 256 MiB, both engines in each call, alternated): 16 threads
# against 15 (is a core taken from ours?), with -XX:UseAVX=2 (do the JDK's 512-bit copies cost the
# clock?), and one call logging collections and deoptimizations (do they come during the timed reps?).
cd "$(dirname "$0")"
d() { TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long --text iliad --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer)" | grep -v " 16 | \| 15 | "; }
{
for round in 1 2; do
  echo "=== round $round: 16 threads"; d --threads 16
  echo "=== round $round: 15 threads"; d --threads 15
  echo "=== round $round: 16 threads, -XX:UseAVX=2"; TRAWL_JAVA_OPTS="-XX:UseAVX=2" d --threads 16
done
echo "=== 16 threads, collections and deoptimizations logged"
TRAWL_JAVA_OPTS="-Xlog:gc:file=/tmp/gc.log -Xlog:deoptimization=debug:file=/tmp/deopt.log" d --threads 16
echo "collections: $(grep -c 'Pause' /tmp/gc.log)"; grep 'Pause' /tmp/gc.log | tail -5
echo "deoptimizations: $(wc -l < /tmp/deopt.log); in dev.trawl: $(grep -c 'dev.trawl' /tmp/deopt.log)"
grep 'dev.trawl' /tmp/deopt.log | sed 's/.*method=//; s/ .*//' | sort | uniq -c | sort -rn | head -12
grep 'dev.trawl' /tmp/deopt.log | tail -5
} 2>&1 | tee $OUT/dev5.log
