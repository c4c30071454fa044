# Session 21, run 3: the block q-gram filter's bitset size for 2,500 long words (a scratch switch,
# -Dtrawl.exp.gramBits = bits per pattern gram: 32 is 128 KiB, 64 is 256 KiB, 128 is 512 KiB), cpu:aho-corasick
# against native Hyperscan, 16 threads and one, the Iliad and loghub lines.
cd "$(dirname "$0")"
{
for threads in 16 1; do
  for text in iliad loghub; do
    size=512MiB; [ $threads = 1 ] && size=256MiB; [ $text = loghub ] && size=256MiB
    for bits in 32 64 128; do
      echo "=== long, $text, $threads threads, $size, $bits bits a gram"
      JAVA_TOOL_OPTIONS=-Dtrawl.exp.gramBits=$bits TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes long --text $text --size $size --threads $threads 2>&1 | grep -E "^\| (cpu|peer)"
    done
  done
done
} 2>&1 | tee $OUT/dev3.log
