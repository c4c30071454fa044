# Session 30, run 7 (issue 24): the issue's table on 60ce1c4 (vector looks for block q-grams on this Intel
# host, branch-free exits): cpu:aho-corasick against native Hyperscan in each call, 1,000 words, 2,500 long
# words, 5 log words and 10,000 words over the Iliad and loghub lines, 256 MiB, 16 threads twice, 1 once,
# with -Xlog:deoptimization per call (in run7.tar.gz with each call's CSV).
cd "$(dirname "$0")/.."
n=0
d() { n=$((n + 1)); TRAWL_JAVA_OPTS="-Xlog:deoptimization=debug:file=$OUT/r7/deopt-$n.log" TRAWL_BENCH_TIMEOUT=200 \
      bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"
      cp $OUT/dictionary/dictionary.csv $OUT/r7/call-$n.csv; }
mkdir -p $OUT/r7
{
for round in 1 2; do
  for text in iliad loghub; do echo "=== table round $round: $text, 16 threads"; d --dictionary-sizes 1K,long,log-words,10K --text $text --threads 16; done
done
for text in iliad loghub; do echo "=== table: $text, 1 thread"; d --dictionary-sizes 1K,long,log-words,10K --text $text --threads 1; done
} 2>&1 | tee $OUT/dev7.log
tar czf $OUT/run7.tar.gz -C $OUT r7 && rm -rf $OUT/r7 $OUT/dictionary
