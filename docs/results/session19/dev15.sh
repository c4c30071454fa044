# Session 19, run 15: 6- against 7-byte grams of BlockGrams for the 2,500 long words (windows of 15+),
# on the H200 machine's host CPU. The 7-byte form was a local experiment (-Dtrawl.gram, since removed).
cd "$(dirname "$0")"
{
nproc; lscpu | grep "Model name"
for threads in 16 1; do
for text in loghub iliad; do
size=512MiB; [ $threads = 1 ] && size=256MiB
[ $text = loghub ] && size=256MiB
for g in 6 7 6 7; do
echo "=== gram $g, $text, $threads threads, $size"
JAVA_TOOL_OPTIONS="-Dtrawl.gram=$g" TRAWL_BENCH_TIMEOUT=120 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --dictionary-sizes long --text $text --size $size --threads $threads --engines cpu:aho-corasick,peer:hyperscan --seconds-per-engine 4 2>&1 | grep -E "^\| (cpu|peer)" | head -2
done
done
done
} 2>&1 | tee $OUT/dev15.log
