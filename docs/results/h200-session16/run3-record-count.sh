#!/usr/bin/env bash
cd "$(dirname "$0")"
{
bash scripts/gpu-check.sh cli --stats --runs 5
T=$(ls -d /tmp/trawl-cli.*/trawl | head -1)
D=/tmp/trawl-cli-inputs
B=$D/iliad-512MiB.txt
for opts in "" "-XX:-TieredCompilation"; do
  for c in names10 words100k; do
    for r in 1 2 3; do
      s=$(date +%s%N); TRAWL_JAVA_OPTS="$opts" $T --stats -F -c -f $D/$c.txt $B 2>/tmp/st >/dev/null; e=$(date +%s%N)
      echo "opts=[$opts] $c wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"
    done
  done
done
echo "== warm: 1 vs 4 files"
for c in names10 words100k; do
  for n in 1 4; do f=(); for i in $(seq $n); do f+=($B); done
    s=$(date +%s%N); $T --stats -F -c -f $D/$c.txt "${f[@]}" 2>/tmp/st >/dev/null; e=$(date +%s%N)
    echo "$c files=$n wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"
  done
done
for c in names10 words100k; do echo "$c counts: trawl $($T -F -c -f $D/$c.txt $B) grep $(grep -F -c -f $D/$c.txt $B)"; done
} 2>&1 | tee $OUT/dev3.log
