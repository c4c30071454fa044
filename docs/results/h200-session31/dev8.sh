# Session 31, run 8 (issue 24): is the ordered chunk run's window what keeps 16 threads from being busy
# in cpu:dfa's matchedPatterns (run 7: 13.4 busy threads of 16)? Scratch Rs, 256 MiB of loghub lines,
# 16 threads, alternated: window 2 or 4 chunks a thread (-Dtmp.ocr.window), and the caller taking a
# chunk only while the window leaves a chunk's room for every helper (-Dtmp.ocr.callerRoom), switches
# of this build only. Staged: .gpu/scratch, .gpu/lib with the switched trawl-core.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
{
for round in 1 2; do
for v in "-Dtmp.ocr.window=2" "-Dtmp.ocr.window=2 -Dtmp.ocr.callerRoom=true" "-Dtmp.ocr.window=4" "-Dtmp.ocr.window=4 -Dtmp.ocr.callerRoom=true"; do
  echo "=== $v, round $round"
  $J $v --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp $CP dev.trawl.bench.experiment.Rs data 256 16,8 6 2>&1 | grep threads
done; done
} 2>&1 | tee $OUT/dev8.log
