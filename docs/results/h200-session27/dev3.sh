# Session 27, run 3: issue 24. Does the clock drop with every core busy (sib.c "all", three times)?
# Then the issue's table on the unchanged code, cpu:aho-corasick against native Hyperscan in each call:
# 1,000 words, 2,500 long words and 5 log words over the Iliad and loghub lines, 256 MiB, 16 threads
# (twice) and 1.
cd "$(dirname "$0")/.."
{
gcc -O2 -pthread -o /tmp/sib docs/results/h200-session27/sib.c
for i in 1 2 3; do /tmp/sib 16 all; done
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer)"; }
for round in 1 2; do
  for text in iliad loghub; do echo "=== round $round: $text, 16 threads"; d --text $text --threads 16; done
done
for text in iliad loghub; do echo "=== $text, 1 thread"; d --text $text --threads 1; done
} 2>&1 | tee $OUT/dev3.log
