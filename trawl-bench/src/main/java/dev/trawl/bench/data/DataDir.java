package dev.trawl.bench.data;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the data ({@code iliad.txt}, {@code loghub/}): {@code --data DIR}, else
 * {@code -Dtrawl.data.dir}, else {@code $TRAWL_DATA}, else the repository's {@code data/}, seen from the
 * working directory or any parent of it.
 */
public final class DataDir {
    private DataDir() {}

    public static Path find(Path given) {
        if (given != null) {
            return require(given);
        }
        String prop = System.getProperty("trawl.data.dir");
        if (prop != null && Files.isDirectory(Path.of(prop))) {
            return Path.of(prop);
        }
        String env = System.getenv("TRAWL_DATA");
        if (env != null && Files.isDirectory(Path.of(env))) {
            return Path.of(env);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path c = p.resolve("data");
            if (Files.isRegularFile(c.resolve("iliad.txt")) && Files.isDirectory(c.resolve("loghub"))) {
                return c;
            }
        }
        throw new IllegalStateException("the repository's data/ directory (iliad.txt, loghub/) was not found from "
                + Path.of("").toAbsolutePath() + ": run from inside the repository or pass --data DIR");
    }

    private static Path require(Path dir) {
        if (!Files.isRegularFile(dir.resolve("iliad.txt"))) {
            throw new IllegalStateException(dir + ": no iliad.txt there");
        }
        return dir;
    }
}
