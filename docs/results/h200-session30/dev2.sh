# Session 30, run 2 (issue 24): the block q-gram filter's look loop vectorised (scratch BgVec: eight looks
# per iteration, two 64-byte loads, a two-table byte permute, vector multiply, a gather from the gram
# bitset) against the scalar loop ("base": four looks per round, no slow path; "cur": the whole filter),
# one thread, 2,500 long words, on the H200 machine's Xeon host. Staged: .gpu/scratch.
cd "$(dirname "$0")/.."
J=.gpu/jre/bin/java
CP=.gpu/scratch:$(ls .gpu/lib/*.jar | tr '\n' ':')
{
for t in iliad loghub; do echo "=== filter alone, $t"
  $J --add-modules jdk.incubator.vector -Ddata=data -Dtext=$t -Dv=cur,base,vec -Drounds=5 -cp $CP dev.trawl.prefilter.Lv 256 2>&1 | grep -v WARN
done
} 2>&1 | tee $OUT/dev2.log
