package dev.trawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.testing.TestData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * trawl beside GNU grep on the same arguments, input and environment (the C.UTF-8 locale): standard
 * output byte for byte, standard error with "grep" read as "trawl", and the exit status, over the
 * loghub samples, the license texts this machine has ({@code /usr/share/common-licenses}), the
 * Iliad, and crafted inputs for the edge cases. Options, patterns and inputs are crossed; the only
 * cases left out are the README's deliberate differences: {@code -o} and {@code --json} report
 * overlapping literal occurrences (so {@code -o} runs only with sets whose occurrences cannot
 * overlap), regexes are RE2 syntax with leftmost-first matches (grep -P is the oracle for
 * {@code -o} and colour under a regex, grep -E for line selection with several regexes),
 * {@code -r} lists a directory in name order (its lines are compared as sets), and file names in
 * messages and usage say "trawl". Skipped where no GNU grep is installed.
 */
class GrepParityTest {
    private static Oracle grep;
    private static List<String> logs;
    private static List<String> licenses;
    private static Map<String, String> env;

    /** Option sets that only select and print lines (every pattern set). */
    private static final String[][] LINE_OPTIONS = {
        {}, {"-v"}, {"-c"}, {"-c", "-v"}, {"-n"}, {"-l"}, {"-L"}, {"-m", "3"}, {"-m", "2", "-A", "1"}, {"-q"},
        {"-H"}, {"-h"}, {"-b"}, {"-n", "-b", "-H"}, {"-A", "2"}, {"-B", "2"}, {"-C", "1", "-n"}, {"-v", "-n", "-m", "5"},
        {"-x"}, {"-w"}, {"-w", "-c"}, {"-Z", "-l"}, {"-Z", "-c"}, {"-Z", "-n"}, {"--no-group-separator", "-C", "1"},
        {"--group-separator=::", "-A", "1"}, {"-c", "-m", "7"}, {"-l", "-v"}, {"-L", "-v"}, {"-n", "-v", "-C", "1", "-m", "4"},
        {"-B", "3", "-m", "2"}, {"-A", "0"}, {"-c", "-h"}, {"-s", "-q"}, {"-i", "-c"}, {"-w", "-n", "-v", "-m", "9"},
        {"--color=always"}, {"--color=always", "-n", "-H", "-C", "1"}, {"--color=always", "-v", "-A", "1"},
        {"--color=always", "-c"}, {"--color=always", "-l"}, {"--color=always", "-w", "-b"},
        {"--color=never", "-n"}, {"--colour=always", "-x"}, {"--line-buffered", "-n", "-H"},
        {"-T", "-n"}, {"-T", "-H", "-b", "-C", "1"}, {"--initial-tab", "--color=always", "-n", "-Z"},
    };

    /** Option sets that print matches: only with sets whose occurrences cannot overlap. */
    private static final String[][] MATCH_OPTIONS = {
        {"-o"}, {"-o", "-b", "-n"}, {"-o", "-v"}, {"-o", "-C", "1"}, {"-o", "-H", "-m", "4"}, {"-o", "-w"},
        {"-o", "-i"}, {"--color=always", "-o", "-n"}, {"-o", "-v", "-C", "1"}, {"-o", "-T", "-b", "-n"},
    };

    @BeforeAll
    static void setUp() throws IOException {
        grep = Oracle.find("grep", "GNU grep");
        assumeTrue(grep != null, "no GNU grep here");
        env = Oracle.baseEnv();
        logs = Oracle.loghubLogs();
        assertEquals(16, logs.size(), "the loghub samples");
        licenses = Oracle.licenseTexts();
    }

    @Test
    void literalsOverLoghub() throws IOException {
        String[][] sets = {
            {"-F", "-e", "error"},
            {"-F", "-e", "INFO", "-e", "WARN", "-e", "Failed"},
            {"-F", "-e", "user", "-e", "root", "-e", "session", "-e", "block"},
            {"-F", "-e", ":"},
            {"-F", "-e", "Connection closed"},
        };
        for (String[] set : sets) {
            crossOptions(set, logs, true);
        }
        crossOptions(new String[] {"-F", "-i", "-e", "error", "-e", "kernel"}, logs, false);
    }

    @Test
    void wordListsOverLoghubAndLicenses(@TempDir Path dir) throws IOException {
        Path words = dir.resolve("words.txt");
        Files.writeString(words, String.join("\n", List.of("INFO", "nova", "from", "sshd", "proxy", "error", "bytes",
                "hadoop", "admin", "compute", "WARN", "apache", "node", "user", "block", "connection", "server", "time",
                "data", "status", "root", "sent", "local", "task", "package", "Failed", "Received", "open", "thread",
                "License", "software", "the", "GNU", "Program", "copyright", "free")) + "\n");
        crossOptions(new String[] {"-F", "-f", words.toString()}, logs, false);
        crossOptions(new String[] {"-F", "-f", words.toString()}, licenses, false);
        crossOptions(new String[] {"-F", "-w", "-f", words.toString()}, licenses, false);
    }

    @Test
    void literalsOverLicenses() throws IOException {
        assumeTrue(!licenses.isEmpty(), "no license texts here");
        crossOptions(new String[] {"-F", "-e", "License"}, licenses, true);
        crossOptions(new String[] {"-F", "-e", "GNU", "-e", "warranty"}, licenses, true);
        crossOptions(new String[] {"-F", "-e", "License"}, List.of(licenses.getFirst()), true);
    }

    @Test
    void regexesAgreeWithGrepPerl() throws IOException {
        String[] regexes = {"https?://[^ ]+", "[^ ]+ \\d+$", "\\s\\S+\\s", ":\\s*\\S+$", "[^,]+,$", "e.r",
            "\\w+\\s+$", "^\\S+\\s+\\S+", "[^a-z]{3,}", "\\d+\\s\\w", "\\b[A-Z][a-z]+ed\\b", "(?i)kernel", "fail(ed|ure)",
            "\\d\\d:\\d\\d:\\d\\d", "[a-z]+ing"};
        // -w keeps a regex's leftmost-first matches that stand as words; grep -P also finds a word that
        // overlaps a match that does not (the README's deliberate difference), which most regexes can
        // give on these logs: -w runs with those whose matches are words or nothing
        List<String> wordSafe = List.of("\\b[A-Z][a-z]+ed\\b", "(?i)kernel", "fail(ed|ure)", "[a-z]+ing");
        for (String re : regexes) {
            crossOptions(new String[] {"-P", "-e", re}, logs, true, wordSafe.contains(re));
        }
        crossOptions(new String[] {"-P", "-e", "\\b(GNU|License)\\b"}, licenses, true);
    }

    @Test
    void severalRegexesSelectLinesAsGrepExtended() throws IOException {
        crossOptions(new String[] {"-E", "-e", "fail(ed|ure)", "-e", "port [0-9]+", "-e", "^[A-Z][a-z]+ [0-9]"}, logs,
                false);
        crossOptions(new String[] {"-E", "-i", "-e", "license", "-e", "warrant(y|ies)"}, licenses, false);
    }

    @Test
    void wordRuleTriesEveryOccurrence(@TempDir Path dir) throws IOException {
        byte[] text = ("x -1 y\nx-1 y\n-1\n(-1)\na-1b -1\nfoo_bar foo bar\nfoofoo foo\nété été_x\n"
                + "a.b a.b.c\n1.5 11.5\n"
                // Word constituents beyond letters and digits: an Arabic mark, a Hebrew point, a Roman
                // numeral (Unicode's Alphabetic property), and an Arabic-Indic digit; a superscript is none.
                + "\u06ED-1 x\n\u05B0foo foo\n\u216Bfoo\n\u0661foo \u0661 -1\u00B2 \u00B2foo\n").getBytes(StandardCharsets.UTF_8);
        String[][] cases = {{"-F", "-w", "-e", "-1"}, {"-F", "-w", "-e", "foo"}, {"-F", "-w", "-e", "été"},
            {"-F", "-w", "-e", "a.b"}, {"-F", "-w", "-e", "1.5"}, {"-F", "-w", "-e", "foo", "-e", "foofoo"},
            {"-F", "-x", "-e", "-1"}, {"-F", "-x", "-e", "-1", "-e", "(-1)"}, {"-E", "-w", "-e", "[a-z]+"},
            {"-P", "-w", "-e", "\\d+"}};
        for (String[] c : cases) {
            for (String[] opt : new String[][] {{"-c"}, {"-n"}, {"-o"}, {"--color=always"}, {"-v"}}) {
                sameOnStdin(concat(c, opt), text);
            }
        }
        assertEquals("1\n", Oracle.trawl(List.of("-F", "-w", "-c", "-e", "-1"), "x -1 y\n".getBytes(), env).text());
        assertEquals("0\n", Oracle.trawl(List.of("-F", "-w", "-c", "-e", "-1"), "x-1 y\n".getBytes(), env).text());
    }

    @Test
    void anchorsMatchEmptyAndBlankLines() throws IOException {
        // Blank lines are what ^$ is mostly used for (grep -v '^$', grep -c '^\s*$'); (?m)^ never
        // matches at the end of a text in Java, so compiled with (?m) each empty line was missed.
        byte[] text = "a\n\n\nb\n  \n\t\nend".getBytes(StandardCharsets.UTF_8);
        String[][] cases = {{"-E", "-e", "^$"}, {"-E", "-e", "^\\s*$"}, {"-E", "-e", "^"}, {"-E", "-e", "$"},
            {"-E", "-x", "-e", "a*"}, {"-E", "-x", "-e", "\\s*"}, {"-E", "-e", "^$", "-e", "b"}, {"-P", "-e", "^\\s+$"},
            {"-E", "-e", "^.?$"}};
        for (String[] c : cases) {
            for (String[] opt : new String[][] {{}, {"-c"}, {"-v"}, {"-n", "-o"}, {"--color=always"}, {"-T", "-n"}}) {
                sameOnStdin(concat(c, opt), text);
            }
        }
    }

    @Test
    void gnuWordAndLineEscapes() throws IOException {
        // \< \> \` \' are GNU's; in RE2 syntax an escaped '<' is a '<', so \<the\> found nothing.
        byte[] text = "the other, the_end theme\nthen-the\n<the> (x)\nend the\n\n-the-\nbathe these".getBytes(
                StandardCharsets.UTF_8);
        String[][] cases = {{"-E", "-e", "\\<the\\>"}, {"-E", "-e", "\\<the"}, {"-E", "-e", "he\\>"},
            {"-E", "-e", "\\<[a-z]+\\>"}, {"-E", "-e", "\\`the"}, {"-E", "-e", "the\\'"}, {"-E", "-e", "[\\<]the"},
            {"-E", "-e", "\\>", "-e", "x"}, {"-E", "-i", "-e", "\\<THE\\>"}, {"-E", "-w", "-e", "\\<the"}};
        for (String[] c : cases) {
            for (String[] opt : new String[][] {{}, {"-c"}, {"-v"}, {"-n", "-o"}, {"--color=always"}}) {
                sameOnStdin(concat(c, opt), text);
            }
        }
        crossOptions(new String[] {"-E", "-e", "\\<(GNU|License)\\>"}, licenses, true);
    }

    @Test
    void ignoreCaseFoldsLettersBeyondAscii() throws IOException {
        // -i folded ASCII only: 'ÉTÉ' found no 'été', as grep does in a UTF-8 locale.
        byte[] text = ("été Été ETE ÉTÉ\nσοφία ΣΟΦΙΑ Σοφία τέλος\nжизнь ЖИЗНЬ\nçà ÇÀ ça\nplain ascii\n"
                + "Ǆemal ǆemal\nstraße\nΑΒΓΔΕΖΗ αβγδεζη ΑβΓδΕζΗ\n").getBytes(StandardCharsets.UTF_8);
        String[][] cases = {{"-e", "ÉTÉ"}, {"-F", "-e", "été"}, {"-F", "-e", "ΣΟΦΊΑ", "-e", "ete"}, {"-E", "-e", "é[tT]é|жиз"},
            {"-E", "-e", "[éσ]"}, {"-E", "-e", "[^éa-z ]+"}, {"-F", "-e", "ǆ"}, {"-F", "-e", "ÇA"}, {"-e", "ß"},
            {"-F", "-e", "αβγδεζη", "-e", "ça"}}; // 128 spellings: past the literal engine's limit, a regex
        for (String[] c : cases) {
            for (String[] opt : new String[][] {{"-i"}, {"-i", "-c"}, {"-i", "-v"}, {"-i", "-n", "-o"}, {"-i", "-w"},
                {"-i", "-x"}, {"-i", "--color=always"}}) {
                sameOnStdin(concat(c, opt), text);
            }
        }
    }

    @Test
    void emptyPatterns(@TempDir Path dir) throws IOException {
        byte[] text = "x\n\ny z\n-\n  \nlast".getBytes(StandardCharsets.UTF_8);
        Path none = dir.resolve("none.txt");
        Files.write(none, new byte[0]);
        Path blank = dir.resolve("blank.txt");
        Files.writeString(blank, "\n");
        String[][] cases = {{"-e", ""}, {"-F", "-e", ""}, {"-e", "", "-e", "z"}, {"-x", "-e", ""}, {"-w", "-e", ""},
            {"-F", "-w", "-e", ""}, {"-v", "-e", ""}, {"-v", "-x", "-e", ""}, {"-e", "z\n"}, {"-f", none.toString()},
            {"-v", "-f", none.toString()}, {"-c", "-f", none.toString()}, {"-f", blank.toString()},
            {"-c", "-v", "-e", ""}, {"-L", "-v", "-e", ""}, {"-m", "0", "-e", "x"}, {"-c", "-m", "0", "-e", "x"}};
        for (String[] c : cases) {
            for (String[] opt : new String[][] {{}, {"-c"}, {"-n", "-o"}, {"--color=always"}, {"-n", "-C", "1"}}) {
                sameOnStdin(concat(c, opt), text);
            }
        }
    }

    @Test
    void edgeInputs(@TempDir Path dir) throws IOException {
        String[] texts = {
            "", "\n", "a", "a\nb", "\n\n\n", "a\r\nb\r\n\r\n", "tab\there\n", "trailing spaces   \n",
            "é è ü\nnaïve café\n", "x".repeat(300_000) + "\nerror at end\n", "error\n".repeat(5000),
        };
        for (String t : texts) {
            byte[] text = t.getBytes(StandardCharsets.UTF_8);
            Path f = dir.resolve("edge.txt");
            Files.write(f, text);
            for (String[] c : new String[][] {{"-F", "-e", "error"}, {"-e", "[a-z]$"}, {"-P", "-e", "é|b"}}) {
                for (String[] opt : new String[][] {{}, {"-n"}, {"-c"}, {"-v", "-n"}, {"-b", "-o"}, {"--color=always"},
                        {"-x"}, {"-C", "1"}, {"-L"}, {"-m", "1", "-A", "2"}}) {
                    sameOnStdin(concat(c, opt), text);
                    same(concat(concat(c, opt), new String[] {f.toString()}));
                }
            }
        }
    }

    @Test
    void binaryFilesAsGrep(@TempDir Path dir) throws IOException {
        byte[][] inputs = {
            "abc\0def\nabc\n".getBytes(StandardCharsets.ISO_8859_1),
            "x\0\0\0y\nabc\n".getBytes(StandardCharsets.ISO_8859_1),
            "abc 1\nx\0 abc\nabc 2\n".getBytes(StandardCharsets.ISO_8859_1),
            "abc 1\nx\u00ff abc\nabc 2\n".getBytes(StandardCharsets.ISO_8859_1), // an encoding error in UTF-8
            "ok\n\u00c3(\nabc\n".getBytes(StandardCharsets.ISO_8859_1),
        };
        // A pattern holding a NUL: the NULs of a binary input are line ends, so it never matches there.
        Path nulPattern = dir.resolve("nul-pattern.txt");
        Files.write(nulPattern, "c\0d\nx\0\n".getBytes(StandardCharsets.ISO_8859_1));
        int i = 0;
        for (byte[] in : inputs) {
            Path f = dir.resolve("bin" + i++ + ".dat");
            Files.write(f, in);
            for (String[] opt : new String[][] {{}, {"-c"}, {"-o"}, {"-n"}, {"-v"}, {"-l"}, {"-L"}, {"-q"}, {"-a"}, {"-a", "-o"},
                    {"-I"}, {"-I", "-c"}, {"-I", "-L"}, {"--binary-files=text", "-n"}, {"--binary-files=without-match"},
                    {"-A", "1"}, {"-H", "-m", "1"}, {"-s"}}) {
                same(concat(concat(new String[] {"-F", "-e", "abc"}, opt), new String[] {f.toString()}));
                sameOnStdin(concat(new String[] {"-F", "-e", "abc"}, opt), in);
                same(concat(concat(new String[] {"-E", "-e", "[a-z]+"}, opt), new String[] {f.toString()}));
                same(concat(concat(new String[] {"-E", "-e", "abc|def"}, opt), new String[] {f.toString()})); // as literals
                same(concat(concat(new String[] {"-F", "-f", nulPattern.toString()}, opt), new String[] {f.toString()}));
            }
        }
        // a binary file among text files, and -A after one: grep counts it as output for the separator
        Path text = dir.resolve("text.txt");
        Files.writeString(text, "abc\nzzz\nabc\n");
        same(List.of("-A", "1", "abc", dir.resolve("bin0.dat").toString(), text.toString()));
        same(List.of("-c", "abc", dir.resolve("bin0.dat").toString(), text.toString()));
    }

    @Test
    void contextAcrossBatchesOfABigInput(@TempDir Path dir) throws IOException {
        // 4.5 MB of logs: more than one batch, as a mapped file and as a stream
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (String log : logs) {
            all.write(Files.readAllBytes(Path.of(log)));
        }
        byte[] big = all.toByteArray();
        Path f = dir.resolve("all.log");
        Files.write(f, big);
        for (String[] opt : new String[][] {{"-n", "-C", "2"}, {"-b", "-B", "5"}, {"-n", "-A", "3", "-m", "50"},
                {"-c"}, {"-v", "-c"}, {"-n", "-o", "-b"}, {"--color=always", "-n"}, {"-v", "-n", "-B", "1"}}) {
            String[] args = concat(new String[] {"-F", "-e", "Failed"}, opt);
            same(concat(args, new String[] {f.toString()}));
            sameOnStdin(args, big);
        }
        sameOnStdin(new String[] {"-n", "-C", "1", "-e", "^Jun 1[45]"}, big);
        // whole counts read a mapped file in place, in slices of whole lines (FileSearch.countMapped)
        for (String[] args : new String[][] {{"-c", "-F", "-e", "Failed", "-e", "sshd", "-e", "root"},
                {"-c", "-i", "-F", "-e", "failed"}, {"-c", "-v", "-F", "-e", "INFO", "-e", "Jun"}, {"-c", "-e", "o"}}) {
            same(concat(args, new String[] {f.toString()}));
        }
    }

    @Test
    void colorsAsGrep() throws IOException {
        String[] file = {logs.get(9)};
        String[] colorEnvs = {"ms=04;32:ln=33", "sl=1:cx=2", "rv:sl=1:cx=2", "ne", "mt=7", "fn=1;34:se=35:bn=36",
            "ms=:mc=", "ms=01;31:bad=x:ln=35", "sl=1:cx=2:mt=5", ""};
        for (String ce : colorEnvs) {
            Map<String, String> e = new java.util.HashMap<>(env);
            e.put("GREP_COLORS", ce);
            for (String[] opt : new String[][] {{"-n", "-H"}, {"-v", "-C", "1"}, {"-o", "-b"}, {"-A", "1", "-n"},
                    {"-c", "-H"}, {"-l"}}) {
                List<String> args = new ArrayList<>(List.of("--color=always", "-F", "-e", "sshd", "-e", "Failed"));
                args.addAll(List.of(opt));
                args.addAll(List.of(file));
                same(args, args, new byte[0], e);
            }
        }
        // auto: never on a pipe
        same(List.of("--color=auto", "-F", "sshd", file[0]));
        same(List.of("--color", "-F", "sshd", file[0]));
    }

    @Test
    void stdinLabelsAndPatternFiles(@TempDir Path dir) throws IOException {
        byte[] text = Files.readAllBytes(Path.of(logs.get(7)));
        sameOnStdin(new String[] {"-H", "-F", "sshd"}, text);
        sameOnStdin(new String[] {"-H", "--label=foo", "-n", "-F", "sshd"}, text);
        sameOnStdin(new String[] {"-c", "--label=foo", "-F", "sshd", "-", logs.get(7)}, text);
        sameOnStdin(new String[] {"-l", "-F", "sshd", "-"}, text);
        // patterns from standard input
        Path f = Path.of(logs.get(7));
        byte[] patterns = "sshd\nFailed\n".getBytes(StandardCharsets.UTF_8);
        sameOnStdin(new String[] {"-F", "-c", "-f", "-", f.toString()}, patterns);
        sameOnStdin(new String[] {"-F", "-n", "-f", "-", "-e", "root", f.toString()}, patterns);
        sameOnStdin(new String[] {"-F", "-f", "/dev/null", f.toString()}, patterns);
        // a pattern file with an empty line matches every line; a missing one is an error
        Path p = dir.resolve("p.txt");
        Files.writeString(p, "zzzz\n\n");
        same(List.of("-c", "-F", "-f", p.toString(), f.toString()));
        same(List.of("-c", "-F", "-f", dir.resolve("missing").toString(), f.toString()));
    }

    @Test
    void errorsAndExitStatus(@TempDir Path dir) throws IOException {
        String file = logs.get(3);
        String missing = dir.resolve("missing.log").toString();
        String d = dir.toString();
        String[][] cases = {
            {"-F", "x", missing}, {"-F", "x", file, missing}, {"-s", "-F", "x", missing}, {"-q", "-F", "INFO", missing, file},
            {"-q", "-F", "zzzzzz", file, missing}, {"-F", "INFO", d}, {"-c", "-F", "INFO", d, file}, {"-L", "INFO", d},
            {"-d", "skip", "INFO", d}, {"-s", "INFO", d, file}, {"-k", "x"}, {"--no-such-option", "x"}, {"--in", "x"},
            {"-A", "x", "y", file}, {"-m", "x", "y", file}, {"-C", "-1", "x", file}, {"-e"}, {"--count=3", "x"},
            {"--context"}, {"-F", "-E", "x", file}, {"-5", "-n", "INFO", file}, {"-n5", "INFO", file},
            {"--regexp=INFO", "-c", file}, {"--max-count=1", "INFO", file}, {"-m", "-1", "-c", "INFO", file},
            {"--", "-x", file}, {"-e", "-x", "-c", file}, {"-ce", "INFO", file}, {"-cvx", "-e", "INFO", file},
            {"--after-context", "1", "-m1", "INFO", file}, {"--files-with", "INFO", file, missing},
            {"-hHc", "INFO", file}, {"-Hhc", "INFO", file, file},
        };
        for (String[] c : cases) {
            same(List.of(c));
        }
        // an unreadable file (root reads everything, so only where the permission holds)
        Path locked = dir.resolve("locked.log");
        Files.writeString(locked, "INFO\n");
        locked.toFile().setReadable(false, false);
        if (!Files.isReadable(locked)) {
            same(List.of("-c", "INFO", locked.toString(), file));
        }
    }

    @Test
    void recursiveAsGrepUpToOrder(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("tree");
        Files.createDirectories(tree.resolve("sub/deeper"));
        Files.createDirectories(tree.resolve(".hidden"));
        Files.createDirectories(tree.resolve("skipme"));
        int i = 0;
        for (String log : logs) {
            Path to = switch (i % 4) {
                case 0 -> tree.resolve("f" + i + ".log");
                case 1 -> tree.resolve("sub/f" + i + ".txt");
                case 2 -> tree.resolve("sub/deeper/f" + i + ".log");
                default -> tree.resolve(i % 8 == 3 ? ".hidden/f" + i + ".log" : "skipme/f" + i + ".log");
            };
            Files.copy(Path.of(log), to);
            i++;
        }
        Files.write(tree.resolve("sub/bin.dat"), "error\0x\n".getBytes(StandardCharsets.ISO_8859_1));
        Files.createSymbolicLink(tree.resolve("link.log"), Path.of(logs.getFirst()));
        String t = tree.toString();
        String[][] cases = {
            {"-r", "-F", "error", t}, {"-r", "-c", "-F", "error", t}, {"-r", "-l", "-F", "error", t},
            {"-r", "-L", "-F", "error", t}, {"-R", "-l", "-F", "INFO", t}, {"-r", "-n", "--include=*.log", "error", t},
            {"-r", "-c", "--exclude=*.log", "error", t}, {"-r", "-l", "--exclude-dir=skipme", "INFO", t},
            {"-r", "-l", "--include=*.txt", "--include=*.dat", "error", t}, {"-r", "-h", "-c", "error", t},
            {"-r", "-c", "error", t + "/sub/f1.txt"}, {"-r", "-H", "-c", "error", t + "/sub/f1.txt"},
            {"-r", "-I", "-l", "error", t}, {"-r", "-o", "-b", "-F", "error", t}, {"-r", "-C", "1", "-F", "Failed", t},
            {"-r", "-l", "--exclude=f1*", "--include=*.txt", "error", t}, {"-l", "--exclude=*.log", "INFO", logs.get(0)},
            {"-r", "-c", "error", t + "/"}, {"-r", "-Z", "-l", "error", t},
        };
        for (String[] c : cases) {
            Oracle.Run g = grep.run(List.of(c), new byte[0], env, null);
            Oracle.Run r = Oracle.trawl(List.of(c), new byte[0], env);
            String what = String.join(" ", c);
            assertEquals(g.code(), r.code(), what + ": exit status; stderr " + r.err());
            boolean grouped = Arrays.asList(c).contains("-C");
            assertEquals(sortedLines(g.text(), grouped), sortedLines(r.text(), grouped), what);
            assertEquals(sortedLines(grepErr(g.err()), false), sortedLines(r.err(), false), what + ": stderr");
        }
        Files.delete(tree.resolve("link.log")); // JUnit would warn about a link leaving the temporary directory
    }

    @Test
    void devicesAndSpecialFiles() throws IOException {
        same(List.of("-c", "x", "/dev/null"));
        same(List.of("-L", "x", "/dev/null"));
        same(List.of("-D", "skip", "-c", "x", "/dev/null"));
    }

    // ---- the comparisons ----

    /** Every option set with the pattern set over the files; with {@code matches}, the match-printing options too. */
    private void crossOptions(String[] set, List<String> files, boolean matches) throws IOException {
        crossOptions(set, files, matches, true);
    }

    private void crossOptions(String[] set, List<String> files, boolean matches, boolean words) throws IOException {
        for (String[] opt : LINE_OPTIONS) {
            if (!words && Arrays.asList(opt).contains("-w")) {
                continue;
            }
            same(concat(concat(set, opt), files.toArray(String[]::new)));
        }
        if (matches) {
            for (String[] opt : MATCH_OPTIONS) {
                if (!words && Arrays.asList(opt).contains("-w")) {
                    continue;
                }
                same(concat(concat(set, opt), files.toArray(String[]::new)));
            }
        }
    }

    private void same(String[] args) throws IOException {
        same(List.of(args));
    }

    private void same(List<String> args) throws IOException {
        same(args, args, new byte[0], env);
    }

    private void sameOnStdin(String[] args, byte[] stdin) throws IOException {
        same(List.of(args), List.of(args), stdin, env);
    }

    private void same(List<String> trawlArgs, List<String> grepArgs, byte[] stdin, Map<String, String> e)
            throws IOException {
        Oracle.Run g = grep.run(grepArgs, stdin, e, null);
        Oracle.Run t = Oracle.trawl(trawlArgs, stdin, e);
        String what = "trawl " + String.join(" ", trawlArgs).replace("\n", "\\n")
                + (e.containsKey("GREP_COLORS") ? " with GREP_COLORS=" + e.get("GREP_COLORS") : "");
        if (!Arrays.equals(g.out(), t.out())) {
            fail(what + ": output differs from grep's at " + firstDifference(g.out(), t.out()) + "; stderr: " + t.err());
        }
        assertEquals(grepErr(g.err()), t.err(), what + ": stderr");
        assertEquals(g.code(), t.code(), what + ": exit status");
    }

    /** grep's stderr with its name read as trawl's. */
    private static String grepErr(String err) {
        return err.replaceAll("(?m)^grep:", "trawl:").replace("Usage: grep ", "Usage: trawl ")
                .replace("Try 'grep --help'", "Try 'trawl --help'");
    }

    private static String firstDifference(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        int i = 0;
        while (i < n && a[i] == b[i]) {
            i++;
        }
        int from = Math.max(0, i - 80);
        return "byte " + i + " of " + a.length + " (grep) / " + b.length + " (trawl):\n  grep:  "
                + show(a, from, Math.min(a.length, i + 80)) + "\n  trawl: " + show(b, from, Math.min(b.length, i + 80));
    }

    private static String show(byte[] b, int from, int to) {
        return new String(b, from, Math.max(0, to - from), StandardCharsets.ISO_8859_1).replace("\n", "\\n")
                .replace("\033", "\\e").replace("\0", "\\0");
    }

    private static List<String> sortedLines(String text, boolean grouped) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("[\n\0]")));
        if (grouped) {
            lines.removeIf(l -> l.equals("--")); // group order differs with file order
        }
        lines.sort(null);
        return lines;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
