# Session 29, run 6 (issue 24): 5 log words over loghub lines with the masks (34b5a3a), whole rows (matches,
# spread, check, notes), 16 threads and 1, three calls each: run 5 showed a spread of +-572% and +-785%
# on 16 threads and, on one thread, a row of 310,474 matches (of 663,046) whose notes the grep had cut.
cd "$(dirname "$0")/.."
for round in 1 2 3; do
  for threads in 16 1; do
    echo "=== round $round: log words, loghub, $threads threads"
    TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --size 256MiB --dictionary-sizes log-words --text loghub --threads $threads 2>&1 \
      | grep -E "^\| (cpu|peer)|Cross|results differ|MISMATCH"
  done
done 2>&1 | tee $OUT/dev4.log
