#!/usr/bin/env bash
cd "$(dirname "$0")"
{
bash scripts/gpu-check.sh cli --cases 1,3,4 --runs 5
T=$(ls -d /tmp/trawl-cli.*/trawl | head -1)
D=/tmp/trawl-cli-inputs
B=$D/iliad-512MiB.txt
S="dev.trawl.scan.*::*"; E="dev.trawl.engine.*::*"; P="dev.trawl.prefilter.*::*"
for opts in "" "-XX:-TieredCompilation" "-XX:CompileThresholdScaling=0.2" "-XX:CompileThresholdScaling=0.05" \
   "-XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,$S,0.05 -XX:CompileCommand=CompileThresholdScaling,$E,0.05 -XX:CompileCommand=CompileThresholdScaling,$P,0.05" \
   "-XX:-TieredCompilation -XX:CompileThresholdScaling=0.2" "-XX:+UseSerialGC" "-XX:Tier0ProfilingStartPercentage=0 -XX:Tier3DelayOn=100"; do
  for c in names10 words100k; do
    for r in 1 2 3; do
      s=$(date +%s%N); TRAWL_JAVA_OPTS="$opts" $T --stats -F -c -f $D/$c.txt $B 2>/tmp/st >/dev/null; e=$(date +%s%N)
      echo "opts=[$opts] $c wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"
    done
  done
  s=$(date +%s%N); TRAWL_JAVA_OPTS="$opts" $T -F x README.md >/dev/null 2>&1; e=$(date +%s%N); echo "opts=[$opts] trivial wall=$(( (e-s)/1000000 )) ms"
done
echo "== warm: 1 vs 4 files"
for c in names10 words100k; do
  for n in 1 4; do f=(); for i in $(seq $n); do f+=($B); done
    s=$(date +%s%N); $T --stats -F -c -f $D/$c.txt "${f[@]}" 2>/tmp/st >/dev/null; e=$(date +%s%N)
    echo "$c files=$n wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"
  done
done
} 2>&1 | tee $OUT/dev2.log
