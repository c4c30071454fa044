# Session 25, run 4: issue 24's sets after the flagged rows (the count walk's rows hold ready offsets):
# cpu:aho-corasick against native Hyperscan in the same call, 16 threads twice and one thread once, the Iliad
# and loghub lines, 256 MiB (as session 24's run 4).
cd "$(dirname "$0")"
{
for round in 1 2 3; do
  threads=16; [ $round = 3 ] && threads=1
  for text in iliad loghub; do
    echo "=== round $round: 1K,long,log-words, $text, $threads threads, 256MiB"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --text $text --size 256MiB \
      --threads $threads 2>&1 | grep -E "^\| (cpu|peer)" | grep -v " $threads | "
  done
done
} 2>&1 | tee $OUT/dev4.log
