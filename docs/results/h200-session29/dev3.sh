# Session 29, run 4 (issue 24): the two rows of 5 log words over the Iliad on one thread, whole (the
# matches and the cross-check), with -Dtrawl.masks=off and on: run 3's grep cut the notes that say
# when a row was timed on a prefix. (Run inline as one command; kept here to rerun.)
cd "$(dirname "$0")/.."
for mk in off on; do TRAWL_JAVA_OPTS="-Dtrawl.masks=$mk" TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary \
  --words data/words/english-100k.txt --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --size 256MiB \
  --dictionary-sizes log-words --text iliad --threads 1 2>&1 | grep -E "^\| (cpu|peer)|Cross" | sed "s/^/masks $mk: /"; done | tee $OUT/dev3.log
