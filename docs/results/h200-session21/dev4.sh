# Session 21, run 4: issue 24's acceptance sets on the final code (BlockGrams' own array loop, 64 bits a gram;
# the bench's repeated trial), cpu:aho-corasick against native Hyperscan in the same run, 16 threads and one,
# the Iliad and loghub lines; each twice, to show that host's spread.
cd "$(dirname "$0")"
{
lscpu | grep -E "Model name"
for round in 1 2; do
for threads in 16 1; do
  for text in iliad loghub; do
    size=512MiB; [ $threads = 1 ] && size=256MiB; [ $text = loghub ] && size=256MiB
    echo "=== round $round: 1K,long,log-words, $text, $threads threads, $size"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --text $text --size $size --threads $threads 2>&1 | grep -E "^\| (cpu|peer)"
  done
done
done
} 2>&1 | tee $OUT/dev4.log
