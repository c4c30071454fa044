#!/usr/bin/env python3
"""Prints trawl-core's package graph from jdeps, the import circles between classes of different
packages, and the imports that run from a package back up into one that depends on it.

Usage: scripts/package-graph.py [classes-dir]   (default trawl-core/target/classes; needs a JDK's jdeps)
Exits 1 when there is a circle, so a build or a reviewer can run it as a check."""
import collections, os, re, subprocess, sys

classes = sys.argv[1] if len(sys.argv) > 1 else "trawl-core/target/classes"
jdeps = os.path.join(os.environ.get("JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "jdeps")
out = subprocess.run([jdeps, "-verbose:class", "-filter:none", classes], capture_output=True, text=True).stdout
edges = collections.defaultdict(set)
for line in out.splitlines():
    m = re.match(r"\s+(dev\.trawl\.\S+)\s+->\s+(dev\.trawl\.\S+)", line)
    if m:
        a, b = (x.split("$")[0] for x in m.groups())  # nested classes belong to their top-level class
        if a != b:
            edges[a].add(b)

pkg = lambda c: c.rsplit(".", 1)[0]
# Class-level strongly connected components (Tarjan), reported when they span packages.
index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: sccs.append(comp)
sys.setrecursionlimit(10000)
for v in list(edges):
    if v not in index: visit(v)
circles = [c for c in sccs if len({pkg(x) for x in c}) > 1]

pedges = collections.defaultdict(set)
for a, bs in edges.items():
    for b in bs:
        if pkg(a) != pkg(b): pedges[pkg(a)].add(pkg(b))
print("packages and what they import:")
for p in sorted(pedges): print("  %-28s -> %s" % (p, ", ".join(sorted(pedges[p]))))
print("class-level import circles across packages: %d" % len(circles))
for c in circles: print("  " + " <-> ".join(sorted(c)))
sys.exit(1 if circles else 0)
