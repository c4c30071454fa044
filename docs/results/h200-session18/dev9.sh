cd "$(dirname "$0")"
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu; do
  [ -e "$d/libcuda.so.1" ] && export LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
done
files=()
for f in /usr/share/common-licenses/GPL-3 /etc/services /usr/bin/bash /usr/local/nvidia/lib64/libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so.1 /usr/local/cuda/bin/nvcc; do
  [ -f "$f" ] && files+=("$(readlink -f "$f")")
done
cp=$(ls lib/*.jar | grep -v console | tr '\n' ':')
{
ls -la "${files[@]}"
jre/bin/java --enable-native-access=ALL-UNNAMED -cp "$cp" CountCheck "${files[@]}"
} 2>&1 | tee $OUT/dev9.log
