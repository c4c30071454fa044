#!/usr/bin/env bash
cd "$(dirname "$0")"
export TRAWL_CACHE_DIR=/tmp/trawl-cache
rm -rf $TRAWL_CACHE_DIR
{
bash scripts/gpu-check.sh cli --runs 3 --cases 1 > /dev/null
W=$(ls -td /tmp/trawl-cli.* | head -1)
T=$W/trawl
# a second launcher on an AOT cache trained with the large runs too
CCP="$PWD/cli/trawl-cli.jar:$PWD/lib/trawl-core.jar:$PWD/lib/trawl-cuda.jar"
jre/bin/java --enable-native-access=ALL-UNNAMED -Dtrawl.training.big=true -XX:AOTCacheOutput=$W/big.aot -Xlog:disable -Xlog:all=error:stderr -cp "$CCP" dev.trawl.cli.Training "$PWD/.." > /dev/null 2>&1 || echo "big training failed"
sed "s#$W/trawl.aot#$W/big.aot#" $T > $W/trawl-big && chmod +x $W/trawl-big
grep -c big.aot $W/trawl-big
D=/tmp/trawl-cli-inputs
B=$D/iliad-512MiB.txt
S="-XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,dev.trawl.engine.cpu.AhoCorasickSearcher::*,0.1 -XX:CompileCommand=CompileThresholdScaling,dev.trawl.engine.cpu.AhoCorasickPrefilteredWalk::*,0.1 -XX:CompileCommand=CompileThresholdScaling,dev.trawl.scan.ByteSearch::*,0.1 -XX:CompileCommand=CompileThresholdScaling,dev.trawl.prefilter.ScalarFingerprint::*,0.1"
$T -F -c -f $D/words100k.txt README.md > /dev/null
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for conf in default big scaled notiered; do
  L=$T; O=""
  case $conf in big) L=$W/trawl-big ;; scaled) O="$S" ;; notiered) O="-XX:-TieredCompilation" ;; esac
  for c in names10 words100k; do
    for r in 1 2 3 4 5; do
      s=$(date +%s%N); TRAWL_JAVA_OPTS="$O" $L -F -c -f $D/$c.txt $B >/dev/null 2>&1; e=$(date +%s%N); echo $(( (e-s)/1000000 ))
    done > /tmp/times
    echo "$conf $c median $(median < /tmp/times) ms ($(tr '\n' ' ' < /tmp/times))"
  done
  s=$(date +%s%N); TRAWL_JAVA_OPTS="$O" $L -F x README.md >/dev/null 2>&1; e=$(date +%s%N); echo "$conf trivial $(( (e-s)/1000000 )) ms"
done
} 2>&1 | tee $OUT/dev7.log
