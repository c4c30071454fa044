# Session 21, run 2: issue 24's sets after BlockGrams got its own loop over arrays (no profile mixing heap
# and mapped text), cpu:aho-corasick against native Hyperscan, 16 threads and one; then the loghub
# templates as one regex set.
cd "$(dirname "$0")"
{
lscpu | grep -E "Model name|L1d|L2"
for threads in 16 1; do
  for text in iliad loghub; do
    size=512MiB; [ $threads = 1 ] && size=256MiB; [ $text = loghub ] && size=256MiB
    echo "=== 1K,long,log-words, $text, $threads threads, $size"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --text $text --size $size --threads $threads 2>&1 | grep -E "^\| (cpu|peer)"
  done
done
for threads in 16 1; do
  size=256MiB; [ $threads = 1 ] && size=64MiB
  echo "=== regex-templates, $threads threads, $size"
  TRAWL_BENCH_TIMEOUT=200 bash scripts/gpu-check.sh harness regex-templates --size $size --threads $threads --engines cpu:dfa,peer:hyperscan --seconds-per-engine 4 2>&1 | grep -E "^\| (cpu|peer)"
done
} 2>&1 | tee $OUT/dev2.log
