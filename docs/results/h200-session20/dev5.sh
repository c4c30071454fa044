# Session 20, run 5: issue 24's acceptance sets on the final code, cpu:aho-corasick against native Hyperscan
# in the same run, 16 threads and one, over the Iliad and loghub lines.
cd "$(dirname "$0")"
{
lscpu | grep -E "Model name"
for threads in 16 1; do
  for text in iliad loghub; do
    size=512MiB; [ $threads = 1 ] && size=256MiB; [ $text = loghub ] && size=256MiB
    echo "=== 1K,long,log-words, $text, $threads threads, $size"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --text $text --size $size --threads $threads 2>&1 | grep -E "^\| " | head -4
  done
done
} 2>&1 | tee $OUT/dev5.log
