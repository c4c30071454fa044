# Sourced by bin/trawl, scripts/test.sh and .ci/run: points JAVA_HOME at a JDK 25 or newer, or fails
# with a message saying where one was looked for.
trawl_java_version() { # prints the feature version of the java in $1/bin, or nothing
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'
}
trawl_find_jdk() {
  local c v
  for c in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25* /usr/lib/jvm/*2[6-9]* \
           "$(dirname "$(dirname "$(readlink -f "$(command -v javac 2>/dev/null || echo /nonexistent)")")")"; do
    [ -n "$c" ] && [ -x "$c/bin/javac" ] || continue
    v=$(trawl_java_version "$c")
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then
      export JAVA_HOME="$c"
      export PATH="$JAVA_HOME/bin:$PATH"
      return 0
    fi
  done
  echo "trawl: no JDK 25 or newer found (looked at \$JAVA_HOME, /usr/lib/jvm/*25*, and javac on PATH)." >&2
  echo "trawl: install one (e.g. Temurin 25) and set JAVA_HOME to it." >&2
  return 1
}
trawl_find_jdk
