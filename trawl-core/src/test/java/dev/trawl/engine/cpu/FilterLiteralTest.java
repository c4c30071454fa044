package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.automaton.ByteFrequencies;
import dev.trawl.testing.JdkRegex;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The choice of {@code cpu:dfa}'s filter literals ({@link FilterLiteral}): against an exhaustive
 * search of every factor, and through the engine, log-template-like chains whose literals are longer
 * than the cap (so the filter is a cut factor, often of a literal other than the first or the
 * longest) against {@code java.util.regex}, over whole texts and over records.
 */
class FilterLiteralTest {

    @Test
    void rarestAgainstEveryFactor() {
        Random r = new Random(7);
        byte[] alphabet = " e:aZ7q\u00e9".getBytes(StandardCharsets.UTF_8);
        for (int trial = 0; trial < 3000; trial++) {
            List<byte[]> lits = new ArrayList<>();
            for (int k = 0, n = r.nextInt(4); k < n; k++) {
                byte[] lit = new byte[r.nextInt(30)];
                for (int i = 0; i < lit.length; i++) {
                    lit[i] = alphabet[r.nextInt(alphabet.length)];
                }
                lits.add(lit);
            }
            int max = 1 + r.nextInt(14);
            byte[] got = FilterLiteral.rarest(lits, max);
            double best = 0; // the empty factor's log-score
            for (byte[] lit : lits) {
                for (int from = 0; from < lit.length; from++) {
                    for (int to = from + 1; to <= Math.min(lit.length, from + max); to++) {
                        best = Math.min(best, score(lit, from, to));
                    }
                }
            }
            String what = lits.stream().map(Arrays::toString).toList() + " max " + max;
            assertTrue(got.length <= max, what);
            assertTrue(got.length == 0 || lits.stream().anyMatch(l -> factorOf(got, l)), what);
            assertEquals(best, score(got, 0, got.length), 1e-4, what);
        }
    }

    /**
     * Across regexes: each regex's choice scores no worse (log frequency plus log of how many regexes
     * have that window, counted here by brute force) than any window of its own, and templates that
     * share a rare opening are told apart by their own words.
     */
    @Test
    void chooseWeighsWindowsSharedByRegexes() {
        Random r = new Random(8);
        byte[] alphabet = " ex:qz".getBytes(StandardCharsets.UTF_8);
        for (int trial = 0; trial < 500; trial++) {
            List<List<byte[]>> req = new ArrayList<>();
            for (int k = 0, n = 1 + r.nextInt(6); k < n; k++) {
                List<byte[]> lits = new ArrayList<>();
                for (int j = 0, m = 1 + r.nextInt(3); j < m; j++) {
                    byte[] lit = new byte[1 + r.nextInt(16)];
                    for (int i = 0; i < lit.length; i++) {
                        lit[i] = alphabet[r.nextInt(alphabet.length)];
                    }
                    lits.add(lit);
                }
                req.add(lits);
            }
            int max = 2 + r.nextInt(8);
            byte[][] got = FilterLiteral.choose(req, max);
            for (int k = 0; k < req.size(); k++) {
                double best = Double.MAX_VALUE;
                for (byte[] lit : req.get(k)) {
                    int width = Math.min(max, lit.length);
                    for (int at = 0; at + width <= lit.length; at++) {
                        byte[] w = Arrays.copyOfRange(lit, at, at + width);
                        best = Math.min(best, score(w, 0, width) + Math.log(sharers(req, w, max)));
                    }
                }
                byte[] g = got[k];
                assertTrue(req.get(k).stream().anyMatch(l -> factorOf(g, l)), "trial " + trial);
                assertEquals(best, score(g, 0, g.length) + Math.log(sharers(req, g, max)), 1e-4, "trial " + trial);
            }
        }
        // Alone, each would be found through the shared opening (a tie, which the first literal wins:
        // the others hold the same bytes in another order); together, through its own.
        List<byte[]> a = List.of(bytes("open session"), bytes("session open"));
        List<byte[]> b = List.of(bytes("open session"), bytes("pen sessiono"));
        assertTrue(Arrays.equals(a.get(0), FilterLiteral.rarest(a, FilterLiteral.MAX_BYTES)));
        assertTrue(Arrays.equals(b.get(0), FilterLiteral.rarest(b, FilterLiteral.MAX_BYTES)));
        byte[][] got = FilterLiteral.choose(List.of(a, b), FilterLiteral.MAX_BYTES);
        assertTrue(Arrays.equals(a.get(1), got[0]), new String(got[0], StandardCharsets.ISO_8859_1));
        assertTrue(Arrays.equals(b.get(1), got[1]), new String(got[1], StandardCharsets.ISO_8859_1));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** How many regexes have {@code w} among their literals' windows of {@code min(max, length)} bytes. */
    private static int sharers(List<List<byte[]>> req, byte[] w, int max) {
        int n = 0;
        for (List<byte[]> lits : req) {
            boolean has = false;
            for (byte[] lit : lits) {
                has |= Math.min(max, lit.length) == w.length && factorOf(w, lit);
            }
            n += has ? 1 : 0;
        }
        return n;
    }

    private static double score(byte[] a, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += Math.log(ByteFrequencies.of(a[i]));
        }
        return s;
    }

    private static boolean factorOf(byte[] f, byte[] lit) {
        for (int at = 0; at + f.length <= lit.length; at++) {
            if (Arrays.equals(f, 0, f.length, lit, at, at + f.length)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void longLiteralChainsAgainstJdk() {
        Random r = new Random(20260501L);
        long matches = 0;
        for (int trial = 0; trial < 300; trial++) {
            List<String> regexes = new ArrayList<>();
            List<String> pieces = new ArrayList<>();
            List<List<String>> chains = new ArrayList<>();
            PatternSet.Builder b = PatternSet.builder();
            for (int k = 0, n = 1 + r.nextInt(5); k < n; k++) {
                StringBuilder re = new StringBuilder();
                List<String> chain = new ArrayList<>();
                String gap = r.nextBoolean() ? ".*" : ".*?";
                for (int p = 0, np = 1 + r.nextInt(3); p < np; p++) {
                    String piece = piece(r);
                    pieces.add(piece);
                    chain.add(piece);
                    re.append(p > 0 ? gap : "").append(piece);
                }
                if (gap.equals(".*") && r.nextInt(4) == 0) {
                    re.append(".*");
                }
                chains.add(chain);
                regexes.add(re.toString());
                b.addRegex(re.toString());
            }
            PatternSet set = b.build();
            // Lines of the chains' pieces, cut and mutated, and filler: pieces appear whole, in part and out of order.
            StringBuilder text = new StringBuilder();
            for (int line = 0, lines = 1 + r.nextInt(20); line < lines; line++) {
                if (r.nextBoolean()) { // a chain's pieces in order, so that most chains match somewhere
                    for (String p : chains.get(r.nextInt(chains.size()))) {
                        text.append(p).append(r.nextBoolean() ? "" : "ab:");
                    }
                }
                for (int k = 0, n = r.nextInt(5); k < n; k++) {
                    String p = pieces.get(r.nextInt(pieces.size()));
                    int from = r.nextInt(3) == 0 ? r.nextInt(p.length()) : 0;
                    int to = r.nextInt(3) == 0 ? from + r.nextInt(p.length() - from + 1) : p.length();
                    StringBuilder q = new StringBuilder(p.substring(from, to));
                    if (q.length() > 0 && r.nextInt(5) == 0) {
                        q.setCharAt(r.nextInt(q.length()), "x: é".charAt(r.nextInt(4)));
                    }
                    text.append(q).append(" :".charAt(r.nextInt(2)));
                }
                text.append('\n');
            }
            String t = text.toString();
            List<Match> expected = JdkRegex.expected(set, regexes.toArray(new String[0]), t);
            for (MatcherOptions o : List.of(MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(1),
                    MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(3).withChunkBytes(64))) {
                Matcher m = Trawl.compile(set, o);
                assertEquals(expected, m.findAll(t), regexes + " on " + t);
                assertEquals(perLine(set, regexes, t), recordMatches(m, t), regexes + " on records of " + t);
            }
            matches += expected.size();
        }
        assertTrue(matches > 1000, "matches " + matches);
    }

    /** A piece of 6 to 29 characters: words over a small alphabet, some spaces and colons, now and then é. */
    private static String piece(Random r) {
        StringBuilder p = new StringBuilder();
        for (int i = 0, n = 6 + r.nextInt(24); i < n; i++) {
            int c = r.nextInt(40);
            p.append(c == 0 ? 'é' : c < 4 ? ' ' : c < 6 ? ':' : "abcdefgh".charAt(c % 8));
        }
        return p.toString();
    }

    /** Each line's matches as a record of its own, offsets inside the line, per java.util.regex. */
    private static List<String> perLine(PatternSet set, List<String> regexes, String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length - 1; i++) {
            for (Match m : JdkRegex.expected(set, regexes.toArray(new String[0]), lines[i])) {
                int s = lines[i].substring(0, (int) m.start()).getBytes(StandardCharsets.UTF_8).length;
                int e = lines[i].substring(0, (int) m.end()).getBytes(StandardCharsets.UTF_8).length;
                out.add(i + ":" + m.patternId() + ":" + s + "-" + e);
            }
        }
        return out;
    }

    private static List<String> recordMatches(Matcher m, String text) {
        List<String> lines = List.of(text.substring(0, text.length() - 1).split("\n", -1));
        List<String> out = new ArrayList<>();
        m.scanRecords(Records.of(lines), (r, id, s, e) -> out.add(r + ":" + id + ":" + s + "-" + e));
        return out;
    }
}
