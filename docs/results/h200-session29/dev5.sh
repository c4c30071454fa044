# Session 29, run 8 (issue 24): the code of the two deoptimisation fixes (the last step's bits masked
# before the count's loop; mask runs a vector short of the text's end). One call of the whole table
# over loghub lines on 16 threads with -Xlog:deoptimization, then which traps hit Teddy and the searcher,
# and the log-words row's times (median, min, max). Then dev1.sh (masks on/off) and dev2.sh (the table).
cd "$(dirname "$0")/.."
{
TRAWL_JAVA_OPTS="-Xlog:deoptimization=debug:file=$OUT/deopt.log" TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary \
  --words data/words/english-100k.txt --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB \
  --dictionary-sizes 1K,long,log-words,10K --text loghub --threads 16 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"
echo "--- traps in Teddy and the searcher"
grep -E "Teddy|AhoCorasickSearcher" $OUT/deopt.log | grep -o "level=.*trap_bci=[0-9]* [a-z_]*" | sed 's/(L[^)]*)[A-Z]//'
echo "--- log-words rows (engine, status, median s, min s, max s)"
grep "log-words" $OUT/dictionary/dictionary.csv | cut -d, -f3,6-9
} 2>&1 | tee $OUT/dev5.log
