# Session 21, run 5: the 1,000-word count's copy block on 16 threads (a scratch switch, -Dtrawl.exp.block:
# 1 MiB as shipped, 256 and 128 KiB), cpu:aho-corasick against native Hyperscan, the Iliad and loghub
# lines, alternated twice.
cd "$(dirname "$0")"
{
for round in 1 2; do
  for text in iliad loghub; do
    size=512MiB; [ $text = loghub ] && size=256MiB
    for block in 1048576 262144 131072; do
      echo "=== round $round: 1K, $text, 16 threads, $size, block $block"
      JAVA_TOOL_OPTIONS=-Dtrawl.exp.block=$block TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K --text $text --size $size --threads 16 2>&1 | grep -E "^\| (cpu|peer)" | grep " 16 "
    done
  done
done
} 2>&1 | tee $OUT/dev5.log
