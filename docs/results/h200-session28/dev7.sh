# Session 28, run 7: issue 24. Where does the 2,500-long-word count stop scaling? cpu:aho-corasick against
# native Hyperscan over the Iliad, 256 MiB, on 1, 2, 4, 8 and 16 threads (and 5 log words beside it).
cd "$(dirname "$0")/.."
{
for t in 1 2 4 8 16; do
  echo "=== $t threads"
  TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
    --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes long,log-words --size 256MiB --text iliad --threads $t 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"
done
} 2>&1 | tee $OUT/dev7.log
