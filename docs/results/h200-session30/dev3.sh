# Session 30, run 3 (issue 24): the whole block q-gram filter with its look loop vectorised (scratch BgVec),
# eight looks per iteration: "vfull" gathers from the gram bitset and walks all eight looks of a passing
# iteration, "vmask" walks only the passing lanes, "vsfull" loads the bitset words one by one; against
# "cur", the scalar filter. One thread, 2,500 long words, H200 machine Xeon host. Staged: .gpu/scratch.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
{
for t in iliad loghub; do echo "=== filter alone, $t"
  $J --add-modules jdk.incubator.vector -Ddata=data -Dtext=$t -Dv=cur,vfull,vmask,vsfull,cur -Drounds=5 -cp $CP dev.trawl.prefilter.Lv 256 2>&1 | grep -v WARN
done
} 2>&1 | tee $OUT/dev3.log
