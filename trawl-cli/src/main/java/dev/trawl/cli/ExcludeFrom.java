package dev.trawl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code --exclude-from=FILE}: one exclude glob per line (empty lines ignored, as gnulib does). */
final class ExcludeFrom {
    private ExcludeFrom() {}

    static void read(String file, List<Options.FileGlob> into) {
        String text;
        try {
            text = new String(Files.readAllBytes(Path.of(file)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new OptionParser.UsageException(file + ": " + Errors.reason(e), false);
        }
        for (String line : text.split("\n")) {
            if (!line.isEmpty()) {
                into.add(new Options.FileGlob(line, false));
            }
        }
    }
}
