# Session 31, run 10 (issue 24), final code (3206897: record answers keep 4 tasks a thread in flight):
# all loghub templates as one regex set, cpu:dfa against native Hyperscan, 16 threads (256 MiB, three
# calls) and 1 (64 MiB); scratch Rs's thread scaling (1-16 threads, 256 MiB). Staged: .gpu/scratch.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
r() { TRAWL_BENCH_TIMEOUT=200 bash .gpu/scripts/gpu-check.sh harness regex-templates --engines cpu:dfa,peer:hyperscan \
      --seconds-per-engine 3 "$@" 2>&1 | grep -E "^\| (cpu|peer)" | cut -d"|" -f2-6,10; }
{
$J --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp $CP dev.trawl.bench.experiment.Rs data 256 1,2,4,8,16 5 2>&1 | grep threads
for round in 1 2 3; do echo "=== regex-templates, 16 threads, 256 MiB, round $round"; r --size 256MiB --threads 16; done
echo "=== regex-templates, 1 thread, 64 MiB"; r --size 64MiB --threads 1
} 2>&1 | tee $OUT/dev10.log
