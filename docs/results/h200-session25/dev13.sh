# Session 25, run 13: can the staging copy stay in the CPU's caches (trawl-cuda/src/experiments/cached_staging.c)?
# Per-thread pipelines of small pieces (1-8 MiB, 8-16 threads, each piece sent as soon as it is copied) against
# ScanPipeline's shape (64 MiB chunks copied by 16 threads, three slots), twice, 2 GiB and 4 GiB.
cd "$(dirname "$0")/../../.."  # the repository root
{
nvcc -O2 -o /tmp/cs trawl-cuda/src/experiments/cached_staging.c -lcuda -lpthread 2>&1 | grep -v warning
/tmp/cs 2
/tmp/cs 4
} 2>&1 | tee $OUT/dev13.log
