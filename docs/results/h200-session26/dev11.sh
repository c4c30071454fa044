# Session 26, run 11: LinkBench with its new row, countMatchingRecords of lines on gpu:pfac (warm, best of
# the reps, checked against cpu:aho-corasick's), 512 MiB and 2 GiB.
cd "$(dirname "$0")"
for bytes in 536870912 2147483648; do
  echo "=== $bytes bytes"
  TRAWL_BENCH_TIMEOUT=120 bash scripts/gpu-check.sh link --bytes $bytes --reps 5 2>&1 \
    | grep -E "^== |count\(Path\)|chunk default|MatchBatchSink|MatchSink|countMatchingRecords|MISMATCH|agree"
done 2>&1 | tee $OUT/dev11.log
