#!/usr/bin/env bash
# Builds ns-2.35 patched with AntiECN as Aspen reads it (tools/aecn/ns2-antiecn.patch) into WORK/ns-2.35/ns, for
# docs/traces/aecn-contradictions.md, section 6. A documented trace tool, not run in CI (the build takes minutes);
# it never installs anything and leaves /usr/bin/ns alone.
#
#   tools/aecn/build-ns2-antiecn.sh [WORK]        # default /tmp/ns2-aecn; about 3 minutes on 2 idle cores
#   DIAG=avq-clamp-order tools/aecn/build-ns2-antiecn.sh WORK   # also tools/aecn/ns2-avq-clamp-order.patch
#
# The source is Debian's ns2_2.35+dfsg.orig.tar.xz (the source of /usr/bin/ns, ns2 2.35+dfsg-5), fetched with
# `apt-get source --download-only ns2` (needs a deb-src line) into WORK unless ORIG=/path/to/that tarball is
# given, and checked against the .dsc's SHA-256. Debian's own patches (ns2_2.35+dfsg-5.debian.tar.xz) are not
# applied: they were not on the mirror this was made with, and the build needs only the fixes below. The
# checks that the result is ns-2 unchanged with AntiECN off are in docs/traces/aecn-contradictions.md, section 6.
#
# Needs (Debian 12): apt-get install -y g++ make tcl8.6-dev tk8.6-dev libotcl1-dev libtclcl1-dev tclcl \
#   libx11-dev libxext-dev libxt-dev libpcap0.8-dev
# Exit status 2 on a missing dependency or bad source, 1 when the build fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="${1:-/tmp/ns2-aecn}"
orig_sha256=a3a097194c87fedbf2a7d3c8520790dc8688874cad0373af2db0ed33e463d52e

for f in /usr/include/tcl8.6/tcl-private/generic/tclInt.h /usr/include/tcl8.6/tk.h /usr/include/otcl.h /usr/include/tclcl/tclcl.h \
         /usr/bin/tcl2c++ /usr/lib/x86_64-linux-gnu/libotcl.so /usr/lib/x86_64-linux-gnu/libtclcl.so; do
  [ -e "$f" ] || { echo "build-ns2-antiecn.sh: $f is missing (install the packages listed in this script's header)" >&2; exit 2; }
done
mkdir -p "$work"
work="$(cd "$work" && pwd)"
if [ -z "${ORIG:-}" ]; then
  # the debian.tar.xz may be missing from a mirror; only the upstream tarball is used
  (cd "$work" && apt-get source --download-only ns2 > apt-source.log 2>&1) || true
  ORIG="$work/ns2_2.35+dfsg.orig.tar.xz"
fi
[ -f "$ORIG" ] || { echo "build-ns2-antiecn.sh: no source tarball at $ORIG (see $work/apt-source.log, or set ORIG)" >&2; exit 2; }
echo "$orig_sha256  $ORIG" | sha256sum -c --quiet - \
  || { echo "build-ns2-antiecn.sh: $ORIG is not ns2_2.35+dfsg.orig.tar.xz (SHA-256 differs)" >&2; exit 2; }

src="$work/ns-2.35"
rm -rf "$src"
tar -C "$work" -xJf "$ORIG"
[ -d "$src" ] || { echo "build-ns2-antiecn.sh: the tarball has no ns-2.35/" >&2; exit 2; }
cd "$src"
patch -p1 --quiet < "$here/ns2-antiecn.patch"
case "${DIAG:-}" in
  "") ;;
  avq-clamp-order) patch -p1 --quiet < "$here/ns2-avq-clamp-order.patch" ;;   # a diagnostic, see that file
  *) echo "build-ns2-antiecn.sh: unknown DIAG '$DIAG' (only avq-clamp-order)" >&2; exit 2 ;;
esac

# Build fixes, not AntiECN (ns-2.35 is of 2011):
# * Debian's libtclcl is built without HAVE_INT64, so it has no TclObject::bind(const char*, int64_t*). Debian's
#   /usr/bin/ns does not call it either (nm -DC /usr/bin/ns). Two users bind an int64_t: PackMime's maxpkts_
#   becomes an int (packmime_OL.h:76, packmime_OL.cc:78, :112), and QueueMonitor's byte and packet counters take
#   their int branch (queue-monitor.h:103, :139; flowmon.cc:379 prints them). Neither is used here.
sed -i 's/^\tint64_t maxpkts_;/\tint maxpkts_;/' packmime/packmime_OL.h packmime/packmime_OL.cc
sed -i 's|^#if defined(HAVE_INT64)|#if 0 /* build fix: no int64_t bind in TclCL */|' tools/queue-monitor.h tools/flowmon.cc
# * configure looks for Tcl, Tk, OTcl and TclCL in source-tree layouts: give it one made of links to Debian's files.
deps="$work/deps"
rm -rf "$deps"
mkdir -p "$deps/tcl/generic" "$deps/tcl/unix" "$deps/tcl/lib" "$deps/tk/generic" "$deps/tk/lib" \
         "$deps/otcl/include" "$deps/otcl/lib" "$deps/tclcl/include" "$deps/tclcl/lib" "$deps/tclcl/bin"
ln -s /usr/include/tcl8.6/*.h /usr/include/tcl8.6/tcl-private/generic/*.h "$deps/tcl/generic/" 2>/dev/null || true
ln -s /usr/include/tcl8.6/tcl-private/unix/*.h "$deps/tcl/unix/"
ln -s /usr/lib/x86_64-linux-gnu/libtcl8.6.so "$deps/tcl/lib/"
ln -s /usr/share/tcltk/tcl8.6 "$deps/tcl/lib/tcl8.6"
ln -s /usr/include/tcl8.6/tk*.h /usr/include/tcl8.6/tk-private/generic/*.h "$deps/tk/generic/" 2>/dev/null || true
ln -s /usr/lib/x86_64-linux-gnu/libtk8.6.so "$deps/tk/lib/"
ln -s /usr/share/tcltk/tk8.6 "$deps/tk/lib/tk8.6"
ln -s /usr/include/otcl.h "$deps/otcl/include/"
ln -s /usr/lib/x86_64-linux-gnu/libotcl.so "$deps/otcl/lib/libotcl1.14.so"
ln -s /usr/include/tclcl/* "$deps/tclcl/include/"
ln -s /usr/lib/x86_64-linux-gnu/libtclcl.so "$deps/tclcl/lib/"
ln -s /usr/bin/tcl2c++ "$deps/tclcl/bin/"
if ! ./configure --with-tcl-ver=8.6 --with-tk-ver=8.6 --with-tcl="$deps/tcl" --with-tk="$deps/tk" \
     --with-otcl="$deps/otcl" --with-tclcl="$deps/tclcl" > "$work/configure.log" 2>&1; then
  echo "build-ns2-antiecn.sh: configure failed: $(tail -1 "$work/configure.log")" >&2; exit 1
fi
# * Tcl 8.6 hides interp->result, which TclCL's header uses, unless USE_INTERP_RESULT; C++98 and -fpermissive
#   for the 2011 code; -O2 as Debian builds it (configure's own -O2 test fails with g++ 12)
if ! nice -n 10 make -j2 ns CPP="g++ -std=gnu++98 -fpermissive" \
     CCOPT="-O2 -Wno-write-strings -w -DUSE_INTERP_RESULT -DUSE_INTERP_ERRORLINE" > "$work/make.log" 2>&1; then
  echo "build-ns2-antiecn.sh: make failed: $(grep -m1 'error' "$work/make.log" || tail -1 "$work/make.log")" >&2; exit 1
fi
echo "$src/ns"
