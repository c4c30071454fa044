package dev.trawl.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The training run behind {@code bin/trawl}'s AOT cache ({@code -XX:AOTCacheOutput}, JDK 25): a
 * few typical searches in one JVM, so the classes they load and link (and the method profiles
 * they gather) are in the cache that later starts map in. {@code java -cp trawl.jar
 * dev.trawl.cli.Training REPOSITORY}; output goes nowhere.
 */
public final class Training {
    private Training() {}

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        Path readme = root.resolve("README.md");
        Path iliad = root.resolve("data/iliad.txt");
        Path logs = root.resolve("data/loghub");
        Path heroes = root.resolve("examples/heroes.txt");
        List<String[]> runs = new ArrayList<>();
        runs.add(new String[] {"-F", "x", readme.toString()});
        runs.add(new String[] {"-n", "-i", "trawl|grep", readme.toString()});
        if (Files.exists(iliad)) {
            String i = iliad.toString();
            runs.add(new String[] {"-F", "-c", "Hector", i});
            runs.add(new String[] {"-F", "-n", "-e", "Achilles", "-e", "Priam", i});
            runs.add(new String[] {"-o", "-b", "--color=always", "Hect[a-z]r|Achil+es", i});
            runs.add(new String[] {"-w", "-C", "1", "-m", "20", "son of \\w+", i});
            runs.add(new String[] {"-v", "-c", "the", i});
            runs.add(new String[] {"--json", "-F", "Helen", i});
            runs.add(new String[] {"-l", "-x", "-F", "BOOK I.", i, readme.toString()});
            if (Files.exists(heroes)) {
                runs.add(new String[] {"-F", "-f", heroes.toString(), "-c", i});
                runs.add(new String[] {"-F", "-f", heroes.toString(), i});
            }
        }
        Path words = root.resolve("data/words/english-100k.txt");
        Path big = null;
        if (Files.exists(iliad) && Files.exists(words)) {
            // A file over LineInput.READ_LIMIT is mapped, and a whole count reads the mapping in place
            // (FileSearch.countMapped): that path and a large set's walk (sparse states) need profiles
            // of their own. On the 16-core GPU host, 100K words -c over 512 MiB (medians of five):
            // 0.410 s with the small runs alone, 0.276 s with these.
            big = Files.createTempFile("trawl-training", ".txt");
            byte[] text = Files.readAllBytes(iliad);
            for (int i = 0; i < 8; i++) {
                Files.write(big, text, java.nio.file.StandardOpenOption.APPEND);
            }
            runs.add(new String[] {"-F", "-c", "-f", words.toString(), big.toString()});
            runs.add(new String[] {"-F", "-f", words.toString(), big.toString()});
            if (Files.exists(heroes)) {
                runs.add(new String[] {"-F", "-c", "-f", heroes.toString(), big.toString()});
            }
        }
        if (Files.isDirectory(logs)) {
            runs.add(new String[] {"-r", "-n", "-F", "error", logs.toString()});
            runs.add(new String[] {"-r", "-l", "-i", "fail(ed|ure)", logs.toString()});
        }
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        Map<String, String> env = Map.of("LC_ALL", "C.UTF-8");
        try {
            for (int round = 0; round < 2; round++) {
                for (String[] r : runs) {
                    TrawlCommand.run(r, none, none, java.io.InputStream.nullInputStream(), env);
                }
            }
        } finally {
            if (big != null) {
                Files.deleteIfExists(big);
            }
        }
    }
}
