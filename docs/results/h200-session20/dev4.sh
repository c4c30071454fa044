# Session 20, run 4: 1,000 dictionary words, session 15's last code (e1ce5ba: the branch-free walk) against
# this session's (rounds; where matches are rare, CountLoopRace picks between that walk and the compact
# 16-bit rows by measured time), same call, alternated; one thread and sixteen.
cd "$(dirname "$0")"
{
lscpu | grep -E "Model name"
run() { TRAWL_BENCH_TIMEOUT=100 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K "$@" 2>&1 | grep -E "^\| (cpu|peer)" | head -2; }
for threads in 1 16; do
for rep in 1 2; do
  for text in iliad loghub; do
    size=256MiB; [ $threads = 16 ] && [ $text = iliad ] && size=512MiB
    echo "=== e1ce5ba, 1K, $text, $threads threads, $size"
    TRAWL_CP_PREFIX=$PWD/old/core.jar:$PWD/old/bench.jar run --text $text --size $size --threads $threads
    echo "=== now, 1K, $text, $threads threads, $size"
    run --text $text --size $size --threads $threads
  done
done
done
} 2>&1 | tee $OUT/dev4.log
