# Session 23, run 3: GpuNfaContractTest ends no test within 150 s (run 2). Thread dumps (SIGQUIT) of its
# JVM at 30 s and 70 s show where it is.
cd "$(dirname "$0")"
{
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do
  [ -e "$d/libcuda.so.1" ] && export LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
done
cp=$(ls lib/*.jar | grep -v console | tr '\n' ':')
jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xmx24g -Dtrawl.data.dir=$PWD/../data \
  -jar lib/junit-platform-console-standalone.jar execute --disable-banner --disable-ansi-colors --details=flat \
  --class-path "$cp" --select-class dev.trawl.cuda.engine.GpuNfaContractTest --include-tag gpu > junit.out 2>&1 &
pid=$!
sleep 30; kill -3 $pid; sleep 40; kill -3 $pid; sleep 3; kill $pid; sleep 1; kill -9 $pid 2>/dev/null
grep -E "SUCCESSFUL|FAILED" junit.out | head -20
echo "=== threads in dev.trawl code"
awk '/^"/{name=$0} /dev\.trawl|cuda|nvidia/{print name; print}' junit.out | cut -c1-200 | head -150
} 2>&1 | tee $OUT/dev3.log
cp junit.out $OUT/junit-dump.out
