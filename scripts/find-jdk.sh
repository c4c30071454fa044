# Sourced by bin/trawl, scripts/test.sh and .ci/run: points JAVA_HOME at a JDK 25 or newer, or fails
# with a message saying where one was looked for. A JDK's version is read from its `release` file (no
# JVM is started); the JDK found is remembered in target/java-home so later calls skip the search.
trawl_java_version() { # prints the feature version of the JDK at $1, or nothing
  local v
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null)
  if [ -z "$v" ]; then # no release file: ask the JVM itself
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')
  fi
  echo "$v"
}
trawl_use_jdk() { export JAVA_HOME="$1"; export PATH="$JAVA_HOME/bin:$PATH"; }
trawl_find_jdk() {
  local root c v cache
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  cache="$root/target/java-home"
  if [ -f "$cache" ]; then
    c=$(cat "$cache")
    if [ -x "$c/bin/javac" ] && { [ -z "${JAVA_HOME:-}" ] || [ "$JAVA_HOME" = "$c" ]; }; then
      trawl_use_jdk "$c"
      return 0
    fi
  fi
  for c in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25* /usr/lib/jvm/*2[6-9]* \
           "$(dirname "$(dirname "$(readlink -f "$(command -v javac 2>/dev/null || echo /nonexistent)")")")"; do
    [ -n "$c" ] && [ -x "$c/bin/javac" ] || continue
    v=$(trawl_java_version "$c")
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then
      trawl_use_jdk "$c"
      mkdir -p "$root/target" && echo "$c" > "$cache" 2>/dev/null || true
      return 0
    fi
  done
  echo "trawl: no JDK 25 or newer found (looked at \$JAVA_HOME, /usr/lib/jvm/*25*, and javac on PATH)." >&2
  echo "trawl: install one (e.g. Temurin 25) and set JAVA_HOME to it." >&2
  return 1
}
trawl_find_jdk
