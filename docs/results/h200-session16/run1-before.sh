#!/usr/bin/env bash
cd "$(dirname "$0")"
{
bash scripts/gpu-check.sh cli --stats
T=$(ls -d /tmp/trawl-cli.*/trawl | head -1)
D=/tmp/trawl-cli-inputs
echo "== variants (ten names, 100K words), 3 runs each"
for opts in "" "-XX:TieredStopAtLevel=1" "-XX:-TieredCompilation" "-XX:CICompilerCount=8" "-Xbatch"; do
  for c in names10 words100k; do
    for r in 1 2 3; do
      s=$(date +%s%N); TRAWL_JAVA_OPTS="$opts" $T --stats -F -c -f $D/$c.txt $D/iliad-512MiB.txt 2>/tmp/st >/dev/null; e=$(date +%s%N)
      echo "opts=[$opts] $c wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"
    done
  done
done
echo "== compile timeline, ten names"
TRAWL_JAVA_OPTS="-XX:+PrintCompilation" $T -F -c -f $D/names10.txt $D/iliad-512MiB.txt | grep -E "dev.trawl" | grep -E " (4|3) " | head -60
echo "== compile timeline, 100K"
TRAWL_JAVA_OPTS="-XX:+PrintCompilation" $T -F -c -f $D/words100k.txt $D/iliad-512MiB.txt | grep -E "dev.trawl" | grep -E " 4 " | head -60
} 2>&1 | tee $OUT/dev1.log
