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
        if (Files.isDirectory(logs)) {
            runs.add(new String[] {"-r", "-n", "-F", "error", logs.toString()});
            runs.add(new String[] {"-r", "-l", "-i", "fail(ed|ure)", logs.toString()});
        }
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        Map<String, String> env = Map.of("LC_ALL", "C.UTF-8");
        for (int round = 0; round < 2; round++) {
            for (String[] r : runs) {
                TrawlCommand.run(r, none, none, java.io.InputStream.nullInputStream(), env);
            }
        }
    }
}
