# Session 21, run 7: Teddy's byte tables (AVX-512 VBMI) against its nibble tables for the 5 log words
# (-Dtrawl.teddy.bytes=on|off), cpu:aho-corasick against native Hyperscan, one thread and 16.
cd "$(dirname "$0")"
{
grep -o -m1 -w avx512vbmi /proc/cpuinfo || echo "no avx512vbmi"
for round in 1 2; do
for threads in 1 16; do
  for text in loghub iliad; do
    size=256MiB; [ $threads = 16 ] && [ $text = iliad ] && size=512MiB
    for b in on off; do
      echo "=== round $round: log-words, $text, $threads threads, $size, byte tables $b"
      JAVA_TOOL_OPTIONS=-Dtrawl.teddy.bytes=$b TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes log-words --text $text --size $size --threads $threads 2>&1 | grep -E "^\| (cpu|peer)" | grep -E " (1|16) \|"
    done
  done
done
done
} 2>&1 | tee $OUT/dev7.log
