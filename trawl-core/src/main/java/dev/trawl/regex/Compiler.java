package dev.trawl.regex;

import dev.trawl.PatternLimitException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles {@link Regexp}s into one {@link Prog}: a Thompson construction over UTF-8 bytes.
 *
 * <p>A class becomes one byte instruction per distinct lead-byte group, followed by shared
 * continuation-byte ranges (the UTF-8 sequences of each code point range, with common suffixes
 * built once), so {@code .} costs seven leaves rather than a split per code point range. Counted
 * repetitions are expanded: {@code x{2,4}} is {@code x x (x (x)?)?}, {@code x{2,}} is {@code x x+};
 * the program size is checked as it grows ({@link #MAX_INSTRUCTIONS}).
 *
 * <p>Errors: passing {@link #MAX_INSTRUCTIONS} is a {@link PatternLimitException} (the set, or one
 * regex of it, is too big for one program: a smaller set may compile); nesting loops whose bodies
 * can match empty deeper than {@link #MAX_NULLABLE_LOOP_DEPTH} is a {@link RegexSyntaxException}
 * (the regex's shape, which no set size changes).
 */
public final class Compiler {
    /** The deepest nesting of loops whose bodies can match empty (the closure's context is an int). */
    public static final int MAX_NULLABLE_LOOP_DEPTH = 31;
    /** The most instructions a program may have (about 16 bytes each). */
    public static final int MAX_INSTRUCTIONS = 1 << 21;

    private int[] op = new int[256];
    private int[] out = new int[256];
    private int[] arg = new int[256];
    private int[] aux = new int[256];
    private int n;
    private int depth; // nullable loops around the regexp being compiled
    private long[] sets = new long[64];
    private int setCount;
    private final Map<String, Integer> setIndex = new HashMap<>();
    private final int limit;
    private String source; // the regex being compiled, for errors

    private Compiler(int limit) {
        this.limit = limit;
    }

    /** A fragment: its entry and the holes (inst << 1 | 0 for out, 1 for arg) still to connect. */
    private record Frag(int start, int[] holes) {}

    /**
     * Compiles regexes into one program; regex {@code i} reports {@code ids[i]}.
     *
     * @param sources the regexes' text, for error messages
     * @throws PatternLimitException when the program would exceed {@link #MAX_INSTRUCTIONS}
     */
    public static Prog compile(List<Regexp> regexes, int[] ids, List<String> sources) {
        return compile(regexes, ids, sources, MAX_INSTRUCTIONS);
    }

    static Prog compile(List<Regexp> regexes, int[] ids, List<String> sources, int limit) {
        Compiler c = new Compiler(limit);
        int[] starts = new int[regexes.size()];
        for (int i = 0; i < regexes.size(); i++) {
            c.source = sources.get(i);
            Frag f = c.compile(regexes.get(i));
            int m = c.inst(Prog.MATCH, 0, ids[i]);
            c.patch(f.holes, m);
            starts[i] = f.start;
        }
        return new Prog(Arrays.copyOf(c.op, c.n), Arrays.copyOf(c.out, c.n), Arrays.copyOf(c.arg, c.n),
                Arrays.copyOf(c.aux, c.n), Arrays.copyOf(c.sets, c.setCount * 4), starts, ids.clone());
    }

    /** Compiles one regex on its own, reporting pattern id 0. */
    public static Prog compile(String regex, int flags) {
        return compile(List.of(Simplify.trimLazyTail(Parser.parse(regex, flags))), new int[] {0}, List.of(regex));
    }

    private int inst(int o, int next, int a) {
        return inst(o, next, a, -1);
    }

    private int inst(int o, int next, int a, int x) {
        if (n == op.length) {
            int cap = n * 2;
            op = Arrays.copyOf(op, cap);
            out = Arrays.copyOf(out, cap);
            arg = Arrays.copyOf(arg, cap);
            aux = Arrays.copyOf(aux, cap);
        }
        aux[n] = x;
        if (n >= limit) {
            throw new PatternLimitException("the regex program passes its limit of " + limit + " instructions at regex '"
                    + source + "' (counted repetitions multiply their operand; every regex of a set adds its own)",
                    n + 1L, limit);
        }
        op[n] = o;
        out[n] = next;
        arg[n] = a;
        return n++;
    }

    private void patch(int[] holes, int target) {
        for (int h : holes) {
            if ((h & 1) == 0) {
                out[h >>> 1] = target;
            } else {
                arg[h >>> 1] = target;
            }
        }
    }

    /**
     * {@code b} after {@code a}: {@code a}'s holes patched to {@code b}'s start. A null fragment is
     * nothing: the other one is the result.
     */
    private Frag then(Frag a, Frag b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        patch(a.holes, b.start);
        return new Frag(a.start, b.holes);
    }

    private static int[] concat(int[] a, int[] b) {
        int[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private Frag compile(Regexp re) {
        switch (re.op) {
            case EMPTY: {
                int j = inst(Prog.JMP, -1, 0);
                return new Frag(j, new int[] {j << 1});
            }
            case LITERAL:
                return charClass(new int[] {re.codePoint, re.codePoint});
            case CLASS:
                return charClass(re.ranges);
            case ANY_BYTE: {
                int b = byteInst(List.of(new int[] {0, 0xFF}), -1);
                return new Frag(b, new int[] {b << 1});
            }
            case ASSERT: {
                int a = inst(Prog.ASSERT, -1, re.assertion.ordinal());
                return new Frag(a, new int[] {a << 1});
            }
            case CONCAT: {
                Frag chain = null;
                for (Regexp sub : re.subs) {
                    chain = then(chain, compile(sub));
                }
                return chain;
            }
            case ALTERNATE: {
                List<Frag> frags = new ArrayList<>();
                for (Regexp sub : re.subs) {
                    frags.add(compile(sub));
                }
                int start = frags.get(frags.size() - 1).start;
                int[] holes = frags.get(frags.size() - 1).holes;
                for (int i = frags.size() - 2; i >= 0; i--) {
                    start = inst(Prog.SPLIT, frags.get(i).start, start);
                    holes = concat(frags.get(i).holes, holes);
                }
                return new Frag(start, holes);
            }
            case REPEAT:
                return repeat(re.subs.get(0), re.min, re.max, re.greedy);
            default:
                throw new AssertionError(re.op);
        }
    }

    private Frag repeat(Regexp sub, int min, int max, boolean greedy) {
        if (max == 0) {
            return compile(Regexp.empty());
        }
        if (sub.nullable()) {
            return nullableRepeat(sub, min, max, greedy);
        }
        int loopOp = greedy ? Prog.LOOP_GREEDY : Prog.LOOP_LAZY;
        Frag head = null; // the mandatory copies, chained
        int mandatory = max < 0 ? Math.max(0, min - 1) : min;
        for (int i = 0; i < mandatory; i++) {
            head = then(head, compile(sub));
        }
        Frag tail;
        if (max < 0) {
            Frag body = compile(sub);
            int loop = inst(loopOp, body.start, -1);
            patch(body.holes, loop);
            // x*: the loop comes first; x+: one copy, then the loop back to it.
            tail = new Frag(min == 0 ? loop : body.start, new int[] {loop << 1 | 1});
        } else if (max > min) {
            // (x (x (x)?)?)? for the optional copies, nested so that greedy prefers more.
            int start = -1;
            int[] pending = null;
            int[] exits = new int[0];
            for (int i = 0; i < max - min; i++) {
                Frag f = compile(sub);
                int split = greedy ? inst(Prog.SPLIT, f.start, -1) : inst(Prog.SPLIT, -1, f.start);
                exits = concat(exits, new int[] {greedy ? split << 1 | 1 : split << 1});
                if (start < 0) {
                    start = split;
                } else {
                    patch(pending, split);
                }
                pending = f.holes;
            }
            tail = new Frag(start, concat(exits, pending));
        } else {
            tail = null;
        }
        return then(head, tail);
    }

    /**
     * A repetition whose body can match empty, with Java's rule that an empty iteration ends the
     * loop (see {@link Prog}): ITER starts the first iteration, BOUND separates mandatory copies,
     * a loop instruction offers each optional copy (or loops, without upper bound), and a clearing
     * JMP ends the construct.
     */
    private Frag nullableRepeat(Regexp sub, int min, int max, boolean greedy) {
        int d = depth;
        if (d >= MAX_NULLABLE_LOOP_DEPTH) {
            throw new RegexSyntaxException("loops whose bodies can match empty are nested more than "
                    + MAX_NULLABLE_LOOP_DEPTH + " deep", source, -1);
        }
        int loopOp = greedy ? Prog.LOOP_GREEDY : Prog.LOOP_LAZY;
        depth++;
        try {
            int[] exits = new int[0];
            int entry;
            int[] holes;
            if (min == 0) {
                Frag f = compile(sub);
                int loop = inst(loopOp, f.start, -1, d);
                exits = new int[] {loop << 1 | 1};
                entry = loop;
                holes = f.holes;
                if (max < 0) { // x*: loop back to the same copy
                    patch(holes, loop);
                    return new Frag(entry, exits);
                }
            } else {
                Frag f = compile(sub);
                entry = inst(Prog.ITER, f.start, 0, d);
                holes = f.holes;
                Frag last = f;
                for (int i = 1; i < min; i++) {
                    Frag g = compile(sub);
                    int bound = inst(Prog.BOUND, g.start, -1, d);
                    patch(holes, bound);
                    exits = concat(exits, new int[] {bound << 1 | 1});
                    holes = g.holes;
                    last = g;
                }
                if (max < 0) { // x{n,}: a loop back to the last mandatory copy
                    int loop = inst(loopOp, last.start, -1, d);
                    patch(holes, loop);
                    return new Frag(entry, concat(exits, new int[] {loop << 1 | 1}));
                }
            }
            int copies = min == 0 ? 1 : min;
            for (int i = copies; i < max; i++) {
                Frag g = compile(sub);
                int loop = inst(loopOp, g.start, -1, d);
                patch(holes, loop);
                exits = concat(exits, new int[] {loop << 1 | 1});
                holes = g.holes;
            }
            int clear = inst(Prog.JMP, -1, 0, d);
            patch(holes, clear);
            return new Frag(entry, concat(exits, new int[] {clear << 1}));
        } finally {
            depth--;
        }
    }

    /** A class as byte instructions: lead-byte groups, each followed by shared continuation ranges. */
    private Frag charClass(int[] ranges) {
        List<int[]> seqs = new ArrayList<>();
        for (int i = 0; i < ranges.length; i += 2) {
            Utf8Sequences.split(ranges[i], ranges[i + 1], seqs);
        }
        if (seqs.isEmpty()) {
            int f = inst(Prog.FAIL, -1, 0);
            return new Frag(f, new int[0]);
        }
        // One sequence of single-byte ranges in a row needs no shared exit.
        boolean singleByte = seqs.stream().allMatch(s -> s.length == 2);
        if (singleByte) {
            int lead = byteInst(seqs.stream().map(s -> new int[] {s[0], s[1]}).toList(), -1);
            return new Frag(lead, new int[] {lead << 1});
        }
        int exit = inst(Prog.JMP, -1, 0);
        Map<Long, Integer> suffix = new HashMap<>();
        Map<Integer, List<int[]>> leadsByNext = new LinkedHashMap<>();
        for (int[] s : seqs) {
            int next = exit;
            for (int k = s.length - 2; k >= 2; k -= 2) {
                long key = ((long) next << 16) | (s[k] << 8) | s[k + 1];
                Integer cached = suffix.get(key);
                if (cached == null) {
                    cached = inst(Prog.RANGE, next, s[k] | s[k + 1] << 8);
                    suffix.put(key, cached);
                }
                next = cached;
            }
            leadsByNext.computeIfAbsent(next, x -> new ArrayList<>()).add(new int[] {s[0], s[1]});
        }
        List<Integer> leads = new ArrayList<>();
        for (Map.Entry<Integer, List<int[]>> e : leadsByNext.entrySet()) {
            leads.add(byteInst(e.getValue(), e.getKey()));
        }
        int start = leads.get(leads.size() - 1);
        for (int i = leads.size() - 2; i >= 0; i--) {
            start = inst(Prog.SPLIT, leads.get(i), start);
        }
        return new Frag(start, new int[] {exit << 1});
    }

    /** One instruction accepting the union of byte ranges: a RANGE when contiguous, else a SET. */
    private int byteInst(List<int[]> byteRanges, int next) {
        long[] bits = new long[4];
        for (int[] r : byteRanges) {
            for (int b = r[0]; b <= r[1]; b++) {
                bits[b >>> 6] |= 1L << (b & 63);
            }
        }
        int lo = -1;
        int hi = -1;
        boolean contiguous = true;
        for (int b = 0; b < 256; b++) {
            if ((bits[b >>> 6] >>> (b & 63) & 1) != 0) {
                if (lo < 0) {
                    lo = b;
                } else if (hi != b - 1) {
                    contiguous = false;
                }
                hi = b;
            }
        }
        if (contiguous) {
            return inst(Prog.RANGE, next, lo | hi << 8);
        }
        String key = Arrays.toString(bits);
        Integer idx = setIndex.get(key);
        if (idx == null) {
            if ((setCount + 1) * 4 > sets.length) {
                sets = Arrays.copyOf(sets, sets.length * 2);
            }
            System.arraycopy(bits, 0, sets, setCount * 4, 4);
            idx = setCount++;
            setIndex.put(key, idx);
        }
        return inst(Prog.SET, next, idx);
    }
}
