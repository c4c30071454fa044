# Session 30, run 6 (issue 24): run 4 again after the branch-free exits (no unstable_if in passed, word or the
# vector tail): 2,500 long words, vector looks against scalar, alternated, 1 and 16 threads, Iliad and
# loghub, native Hyperscan in each call; each call's CSV kept; -Xlog:deoptimization on the vector calls.
cd "$(dirname "$0")/.."
n=0
for threads in 1 16; do for text in iliad loghub; do for mode in vector scalar vector scalar; do
  n=$((n + 1))
  echo "=== $text, $threads threads, $mode (call $n)"
  log=""; [ $mode = vector ] && log="-Xlog:deoptimization=debug:file=$OUT/deopt-$n.log"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams=$mode $log" TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary \
    --words data/words/english-100k.txt --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB \
    --dictionary-sizes long --text $text --threads $threads 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7,10
  cp $OUT/dictionary/dictionary.csv $OUT/call-$n.csv
done; done; done 2>&1 | tee $OUT/dev6.log
