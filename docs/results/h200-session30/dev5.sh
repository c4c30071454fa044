# Session 30, run 5 (issue 24): run 4's outliers (long words over loghub, 16 threads, vector looks: spreads of
# +-1049% and +-2182%) with -Xlog:deoptimization, three calls, each call's CSV kept (median, min, max).
cd "$(dirname "$0")/.."
for k in 1 2 3; do
  echo "=== loghub, 16 threads, vector, call $k"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams=vector -Xlog:deoptimization=debug:file=$OUT/deopt-$k.log" TRAWL_BENCH_TIMEOUT=150 \
    bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
    --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes long --text loghub --threads 16 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-7,10
  cp $OUT/dictionary/dictionary.csv $OUT/call-$k.csv
done 2>&1 | tee $OUT/dev5.log
