#!/usr/bin/env bash
# Stages what the node image adds to an empty ("scratch") base, for Jib's extraDirectories:
#   /opt/java                 a Java runtime cut by jlink from the building JDK (only the modules Aspen uses)
#   /lib*, /usr/lib*          the shared libraries that runtime links against, copied from this host
#   /etc/passwd, /etc/group   the unprivileged user the node runs as (uid/gid 10001, "aspen")
#   /tmp, /var/lib/aspen      writable scratch (Netty unpacks its epoll library to /tmp) and work directory
# No registry is needed: everything comes from the JDK and the host that builds the image (docs/deploying.md).
# Usage: stage-runtime.sh OUT_DIR MODULES
set -euo pipefail
out="$1"
modules="$2"
java_home="${JAVA_HOME:-}"
if [ -z "$java_home" ] || [ ! -d "$java_home/jmods" ]; then
  java_home="$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"
fi
if [ ! -d "$java_home/jmods" ]; then
  echo "stage-runtime: no jmods in $java_home: jlink needs a full JDK (Debian: openjdk-17-jdk-headless)" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out/opt" "$out/etc" "$out/tmp" "$out/var/lib/aspen"
"$java_home/bin/jlink" --module-path "$java_home/jmods" --add-modules "$modules" \
  --strip-debug --no-man-pages --no-header-files --compress=2 --output "$out/opt/java"
# a headless server: drop the X11, sound and splash-screen libraries (they would pull in X and ALSA)
rm -f "$out"/opt/java/lib/{libawt_xawt.so,libjawt.so,libsplashscreen.so,libjsound.so}

# every library the runtime's executables and shared objects need, at the path the loader looks for it
# (dereferenced: the image has no merged-/usr symlinks); the list is sorted so the layer is reproducible
libs="$(find "$out/opt/java" -type f \( -name '*.so' -o -path '*/bin/*' \) -print0 \
  | xargs -0 ldd 2>/dev/null \
  | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// && $2 ~ /^\(0x/ { print $1 }' \
  | sort -u)"
missing="$(find "$out/opt/java" -type f \( -name '*.so' -o -path '*/bin/*' \) -print0 | xargs -0 ldd 2>/dev/null \
  | awk '/not found/ && $1 != "libjvm.so" { print $1 }' | sort -u)"   # libjvm: the launcher loads it by path
if [ -n "$missing" ]; then
  echo "stage-runtime: the runtime needs libraries this host lacks: $missing" >&2
  exit 1
fi
for lib in $libs; do
  case "$lib" in "$out"/*) continue ;; esac   # the runtime's own libraries are already there
  mkdir -p "$out$(dirname "$lib")"
  cp -L "$lib" "$out$lib"
done

printf 'root:x:0:0:root:/root:/sbin/nologin\naspen:x:10001:10001:Aspen node:/var/lib/aspen:/sbin/nologin\n' > "$out/etc/passwd"
printf 'root:x:0:\naspen:x:10001:\n' > "$out/etc/group"
echo "stage-runtime: $(du -sh "$out" | cut -f1) in $out (modules: $modules; $(echo "$libs" | wc -w) host libraries)"
