# Session 30, run 8 (issue 24): 2,500 long words on the final vector looks (one-bound last looks, no vector
# across a call), vector against scalar alternated, 16 threads three times and 1 thread twice, Iliad and
# loghub, native Hyperscan in each call; -Xlog:deoptimization and each call's CSV in run8.tar.gz.
cd "$(dirname "$0")/.."
mkdir -p $OUT/r8
n=0
for threads in 16 1; do for text in iliad loghub; do
  rounds="vector scalar vector scalar"; [ $threads = 16 ] && rounds="$rounds vector scalar"
  for mode in $rounds; do
  n=$((n + 1))
  echo "=== $text, $threads threads, $mode (call $n)"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams=$mode -Xlog:deoptimization=debug:file=$OUT/r8/deopt-$n.log" TRAWL_BENCH_TIMEOUT=150 \
    bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
    --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes long --text $text --threads $threads 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7,10
  cp $OUT/dictionary/dictionary.csv $OUT/r8/call-$n.csv
done; done; done 2>&1 | tee $OUT/dev8.log
tar czf $OUT/run8.tar.gz -C $OUT r8 && rm -rf $OUT/r8 $OUT/dictionary
