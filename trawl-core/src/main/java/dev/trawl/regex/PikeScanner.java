package dev.trawl.regex;

import dev.trawl.MatchSink;
import java.util.PriorityQueue;

/**
 * Runs each regex's find() loop on a {@link PikeVm} and merges the sequences in order with a heap
 * keyed by (start, pattern id). Cost: the sum over regexes of one Pike VM pass each (plus the
 * re-reads {@link PikeVm} describes), so it grows with the number of regexes: the reference engine,
 * not the fast one.
 */
public final class PikeScanner implements RegexScanner {
    private final Prog prog;
    private final PikeVm vm;

    public PikeScanner(Prog prog) {
        this.prog = prog;
        this.vm = new PikeVm(prog);
    }

    @Override
    public boolean scan(Text text, MatchSink sink) {
        int n = prog.regexCount();
        long[] start = new long[n];
        long[] end = new long[n];
        PriorityQueue<Integer> heap = new PriorityQueue<>(Math.max(1, n), (a, b) -> {
            int c = Long.compare(start[a], start[b]);
            return c != 0 ? c : Integer.compare(prog.patternIds[a], prog.patternIds[b]);
        });
        for (int r = 0; r < n; r++) {
            if (vm.search(r, text, text.start())) {
                start[r] = vm.matchStart();
                end[r] = vm.matchEnd();
                heap.add(r);
            }
        }
        while (!heap.isEmpty()) {
            int r = heap.poll();
            long s = start[r];
            long e = end[r];
            if (!sink.onMatch(prog.patternIds[r], s, e)) {
                return false;
            }
            long from = e == s ? e + 1 : e;
            if (from <= text.end() && vm.search(r, text, from)) {
                start[r] = vm.matchStart();
                end[r] = vm.matchEnd();
                heap.add(r);
            }
        }
        return true;
    }
}
