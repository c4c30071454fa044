# Session 31, run 9 (issue 24): the ordered chunk run's window, 2 to 16 chunks a thread
# (-Dtmp.ocr.window, a switch of this build only), for cpu:dfa's matchedPatterns over all loghub
# templates: scratch Rs (16 threads, 256 MiB), then the harness row against native Hyperscan.
# Staged: .gpu/scratch, .gpu/lib with the switched trawl-core.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
{
for round in 1 2; do for w in 2 4 8 16; do
  echo "=== window $w, round $round"
  $J -Dtmp.ocr.window=$w --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp $CP dev.trawl.bench.experiment.Rs data 256 16 6 2>&1 | grep threads
done; done
for round in 1 2; do for w in 2 8; do
  echo "=== harness regex-templates, 16 threads, 256 MiB, window $w, round $round"
  TRAWL_JAVA_OPTS="-Dtmp.ocr.window=$w" TRAWL_BENCH_TIMEOUT=200 bash .gpu/scripts/gpu-check.sh harness regex-templates --engines cpu:dfa,peer:hyperscan \
      --seconds-per-engine 3 --size 256MiB --threads 16 2>&1 | grep -E "^\| (cpu|peer)" | cut -d"|" -f2-6,10
done; done
} 2>&1 | tee $OUT/dev9.log
