# Session 29, run 1 (issue 24): counts that take Teddy's candidates as masks, read in place, against the
# copying count (-Dtrawl.masks=off gives the one-candidate loop over the segment instead; the copy is
# the code before 40b082d). 5 log words, cpu:aho-corasick against native Hyperscan in each call, the
# Iliad and loghub lines, 256 MiB, 16 threads and 1, masks on and off alternated twice.
cd "$(dirname "$0")/.."
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| ([0-9]+ \||[0-9.]+ GB/s)" | cut -d"|" -f2-10; }
{
for round in 1 2; do
  for threads in 16 1; do
    for text in iliad loghub; do
      for masks in on off; do
        echo "=== round $round: log words, $text, $threads threads, masks $masks"
        TRAWL_JAVA_OPTS="-Dtrawl.masks=$masks" d --dictionary-sizes log-words --text $text --threads $threads
      done
    done
  done
done
} 2>&1 | tee $OUT/dev1.log
