# Session 31, run 3 (issue 24): what an iteration of VectorBlockGrams' look loop costs on the H200
# machine's Xeon host, piece by piece (scratch Vb: bare loops that count passing lanes, one thread,
# 128 MiB of native text; "engine" is the shipped filter naming candidates). Staged: .gpu/scratch.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
{
lscpu | grep -E "Model name|MHz|Flags" | cut -c1-200
for spec in "8 1000" "8 3000" "15 2500"; do for t in iliad loghub; do
  echo "=== $spec words, $t"
  $J --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -cp $CP dev.trawl.prefilter.Vb $spec 128 $t \
    full,fullheap,nogather,nomul,noperm,x2,scalar,int,engine 5 2>&1 | grep -v WARN
done; done
which perf || ls /usr/bin | grep -i perf
} 2>&1 | tee $OUT/dev3.log
