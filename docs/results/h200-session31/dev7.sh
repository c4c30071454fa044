# Session 31, run 7 (issue 24): why all loghub templates as one regex set scale 9x from 1 to 16 threads
# where Hyperscan scales 13x. Scratch Rs: cpu:dfa's matchedPatterns over 256 MiB of loghub lines on
# 1-16 threads, wall time and the process's CPU time; then 16 threads under JFR (no java.util.regex check
# in this process, unlike the harness). Staged: .gpu/scratch.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
{
nproc
$J --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp $CP dev.trawl.bench.experiment.Rs data 256 1,2,4,8,16 5 2>&1 | grep -v WARN
$J --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:StartFlightRecording:filename=$OUT/rs16.jfr,settings=profile \
  -cp $CP dev.trawl.bench.experiment.Rs data 256 16 20 2>&1 | grep -v WARN
$J --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:StartFlightRecording:filename=$OUT/rs1.jfr,settings=profile \
  -cp $CP dev.trawl.bench.experiment.Rs data 64 1 4 2>&1 | grep -v WARN
} 2>&1 | tee $OUT/dev7.log
