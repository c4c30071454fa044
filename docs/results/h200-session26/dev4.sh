# Session 26, run 4: issue 23 as a newcomer would use it on a GPU machine. The trawl command (the staged
# jars, no AOT cache) over text nobody here wrote: the machine's own /usr/share and /usr/include files,
# concatenated and repeated to 1 GiB. gpu:pfac against cpu:aho-corasick and grep, counts and lines;
# then auto on a small file (must stay on the CPU: no CUDA start-up).
cd "$(dirname "$0")"
here=$(pwd)
java=$here/jre/bin/java
t() { "$java" --enable-native-access=ALL-UNNAMED "@$here/cli/jvm.options" -cp "$here/cli/trawl-cli.jar:$here/lib/trawl-core.jar:$here/lib/trawl-cuda.jar" dev.trawl.cli.TrawlCommand "$@"; }
{
w=$(mktemp -d)
find /usr/include /usr/share/doc /usr/share/common-licenses -type f -size -2M 2>/dev/null | head -4000 | xargs cat 2>/dev/null > $w/base.txt
ls -l $w/base.txt
while [ $(stat -c %s $w/big.txt 2>/dev/null || echo 0) -lt 1073741824 ]; do cat $w/base.txt >> $w/big.txt; done
ls -l $w/big.txt
printf 'include\nstruct\nLicense\nwarranty\nuint32_t\n' > $w/words.txt
for e in gpu:pfac cpu:aho-corasick; do
  echo "== $e -c --stats over 1 GiB"; /usr/bin/time -f "%e s" bash -c "$(declare -f t); java=$java here=$here t -F -f $w/words.txt -c --stats --engine $e $w/big.txt"
  echo "== $e -o | wc -l (every match)"; t -F -f $w/words.txt -o --engine $e $w/big.txt | wc -l
done
echo "== grep -c (lines)"; /usr/bin/time -f "%e s" grep -F -f $w/words.txt -c $w/big.txt
echo "== grep -o | wc -l (every match; grep does not report overlaps, none among these words)"; grep -F -f $w/words.txt -o $w/big.txt | wc -l
echo "== first lines, gpu:pfac then grep"
t -F -f $w/words.txt -n --engine gpu:pfac $w/base.txt | head -3
grep -F -f $w/words.txt -n $w/base.txt | head -3
echo "== auto on a small file, with a trace of where it ran"
head -c 100000 $w/base.txt > $w/small.txt
/usr/bin/time -f "%e s" bash -c "$(declare -f t); java=$java here=$here t -F -c --stats -e License $w/small.txt"
/usr/bin/time -f "%e s" bash -c "$(declare -f t); java=$java here=$here t -F -c -e License --engine cpu:aho-corasick $w/small.txt"
echo "== a wrong engine name and a missing file"
t -F -e x --engine gpu:nope $w/small.txt; echo "exit $?"
t -F -e x --engine gpu:pfac $w/missing.txt; echo "exit $?"
rm -rf $w
} 2>&1 | tee $OUT/dev4.log
