# Session 26, run 8: countMatchingRecords on the GPU one call a match (MatchingRecordCount as a MatchSink): the
# trawl command's -c over 1 GiB of the machine's own files (as runs 4 and 7) on gpu:pfac and cpu:aho-corasick,
# then the GPU tests of the batched sink, files and the copy lanes on the final code.
cd "$(dirname "$0")"
here=$(pwd)
java=$here/jre/bin/java
t() { "$java" --enable-native-access=ALL-UNNAMED "@$here/cli/jvm.options" -cp "$here/cli/trawl-cli.jar:$here/lib/trawl-core.jar:$here/lib/trawl-cuda.jar" dev.trawl.cli.TrawlCommand "$@"; }
{
w=$(mktemp -d)
find /usr/include /usr/share/doc /usr/share/common-licenses -type f -size -2M 2>/dev/null | head -4000 | xargs cat 2>/dev/null > $w/base.txt
while [ $(stat -c %s $w/big.txt 2>/dev/null || echo 0) -lt 1073741824 ]; do cat $w/base.txt >> $w/big.txt; done
printf 'include\nstruct\nLicense\nwarranty\nuint32_t\n' > $w/words.txt
for round in 1 2 3; do
  for e in gpu:pfac cpu:aho-corasick; do
    echo "== round $round: $e -c --stats over 1 GiB"; t -F -f $w/words.txt -c --stats --engine $e $w/big.txt 2>&1 | grep -E "^[0-9]|scan"
  done
done
echo "== grep -c"; grep -F -f $w/words.txt -c $w/big.txt
rm -rf $w
} 2>&1 | tee $OUT/dev8.log
