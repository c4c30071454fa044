# Session 26, run 9: as run 8, alternating the command's JVM options as shipped (jvm.options.base) with
# the GPU's per-match delivery and MatchingRecordCount compiled after a tenth of the usual calls
# (cli/jvm.options).
cd "$(dirname "$0")"
here=$(pwd)
java=$here/jre/bin/java
t() { opts=$1; shift; "$java" --enable-native-access=ALL-UNNAMED "@$here/cli/$opts" -cp "$here/cli/trawl-cli.jar:$here/lib/trawl-core.jar:$here/lib/trawl-cuda.jar" dev.trawl.cli.TrawlCommand "$@"; }
{
w=$(mktemp -d)
find /usr/include /usr/share/doc /usr/share/common-licenses -type f -size -2M 2>/dev/null | head -4000 | xargs cat 2>/dev/null > $w/base.txt
while [ $(stat -c %s $w/big.txt 2>/dev/null || echo 0) -lt 1073741824 ]; do cat $w/base.txt >> $w/big.txt; done
printf 'include\nstruct\nLicense\nwarranty\nuint32_t\n' > $w/words.txt
for round in 1 2 3; do
  for opts in jvm.options.base jvm.options; do
    echo "== round $round: gpu:pfac -c, $opts"; t $opts -F -f $w/words.txt -c --stats --engine gpu:pfac $w/big.txt 2>&1 | grep -E "^[0-9]|scan"
  done
done
rm -rf $w
} 2>&1 | tee $OUT/dev9.log
