# Session 30, run 9 (issue 24): 2,500 long words on 6171ff1 (the last looks in one mask, no branch on the result; no vector
# across a call), vector against scalar alternated, 16 threads three times and 1 thread twice, Iliad and
# loghub, native Hyperscan in each call; -Xlog:deoptimization and each call's CSV in run9.tar.gz.
cd "$(dirname "$0")/.."
mkdir -p $OUT/r9
n=0
for threads in 16 1; do for text in iliad loghub; do
  rounds="vector scalar vector scalar"; [ $threads = 16 ] && rounds="$rounds vector scalar"
  for mode in $rounds; do
  n=$((n + 1))
  echo "=== $text, $threads threads, $mode (call $n)"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams=$mode -Xlog:deoptimization=debug:file=$OUT/r9/deopt-$n.log" TRAWL_BENCH_TIMEOUT=150 \
    bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
    --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes long --text $text --threads $threads 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7,10
  cp $OUT/dictionary/dictionary.csv $OUT/r9/call-$n.csv
done; done; done 2>&1 | tee $OUT/dev9.log
tar czf $OUT/run9.tar.gz -C $OUT r9 && rm -rf $OUT/r9 $OUT/dictionary
