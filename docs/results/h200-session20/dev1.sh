# Session 20, run 1: the count walk in rounds (branching over 16-bit compact rows where matches are rare)
# against the branch-free walk it replaces (-Dtrawl.exp.noRounds=true, a local switch since removed), on
# the H200 machine's host CPU; then how 1,000 words scale with threads; then issue 24's sets.
cd "$(dirname "$0")"
{
nproc; lscpu | grep -E "Model name|L2|L3|Thread"
run() { TRAWL_BENCH_TIMEOUT=100 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 --engines cpu:aho-corasick,peer:hyperscan "$@" 2>&1 | grep -E "^\| (cpu|peer)" | head -2; }
for rep in 1 2; do
  for text in iliad loghub; do
    size=512MiB; [ $text = loghub ] && size=256MiB
    for x in true false; do
      echo "=== 1K, $text, 16 threads, $size, noRounds=$x"
      JAVA_TOOL_OPTIONS="-Dtrawl.exp.noRounds=$x" run --dictionary-sizes 1K --text $text --size $size --threads 16
    done
  done
done
for threads in 4 8; do
  for x in true false; do
    echo "=== 1K, iliad, $threads threads, 256MiB, noRounds=$x"
    JAVA_TOOL_OPTIONS="-Dtrawl.exp.noRounds=$x" run --dictionary-sizes 1K --text iliad --size 256MiB --threads $threads
  done
done
for threads in 16 1; do
  for text in iliad loghub; do
    size=512MiB; [ $threads = 1 ] && size=256MiB; [ $text = loghub ] && size=256MiB
    echo "=== acceptance: 1K,long,log-words, $text, $threads threads, $size"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --text $text --size $size --threads $threads 2>&1 | grep -E "^\| " | head -4
  done
done
} 2>&1 | tee $OUT/dev1.log
