package dev.trawl.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import dev.trawl.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a reference program (GNU grep, ripgrep) as a process and trawl in this JVM on the same
 * arguments, input and environment, for the parity suites.
 */
final class Oracle {
    /** What a run gave: standard output's bytes, standard error as text, the exit status. */
    record Run(byte[] out, String err, int code) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    /** The environment both get: the C.UTF-8 locale (grep's UTF-8 rules) and no colour settings. */
    /** The 16 loghub samples ({@code data/loghub/<System>/<System>_2k.log}), sorted. */
    static List<String> loghubLogs() throws IOException {
        try (Stream<Path> s = Files.walk(TestData.dataDir().resolve("loghub"))) {
            return s.filter(p -> p.toString().endsWith("_2k.log")).sorted().map(Path::toString).toList();
        }
    }

    /** The licence texts this machine ships ({@code /usr/share/common-licenses}), text nobody here wrote; maybe none. */
    static List<String> licenseTexts() throws IOException {
        List<String> out = new ArrayList<>();
        Path dir = Path.of("/usr/share/common-licenses");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(Files::isRegularFile).sorted().forEach(p -> out.add(p.toString()));
            }
        }
        return out;
    }

    static Map<String, String> baseEnv() {
        Map<String, String> env = new HashMap<>();
        env.put("LC_ALL", "C.UTF-8");
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("TERM", "dumb");
        return env;
    }

    private final String program;

    private Oracle(String program) {
        this.program = program;
    }

    /** The program when it runs here and its {@code --version} mentions {@code signature}; else null. */
    static Oracle find(String program, String signature) {
        Oracle o = new Oracle(program);
        try {
            Run r = o.run(List.of("--version"), new byte[0], baseEnv(), null);
            return r.text().contains(signature) ? o : null;
        } catch (IOException e) {
            return null;
        }
    }

    Run run(List<String> args, byte[] stdin, Map<String, String> env, Path dir) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(program);
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        pb.environment().putAll(env);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Process p = pb.start();
        Thread feeder = Thread.ofVirtual().start(() -> {
            try (var in = p.getOutputStream()) {
                in.write(stdin);
            } catch (IOException e) {
                // the program may stop reading early (-q, -m, -l); its output still stands
            }
        });
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = Thread.ofVirtual().start(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (IOException e) {
                // nothing more to read
            }
        });
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(program + " did not finish");
            }
            feeder.join();
            errReader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return new Run(out, err.toString(StandardCharsets.UTF_8), p.exitValue());
    }

    /** trawl in this JVM, as {@code bin/trawl} would run it with that input and environment. */
    static Run trawl(List<String> args, byte[] stdin, Map<String, String> env) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TrawlCommand.run(args.toArray(String[]::new), new PrintStream(out, false, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(stdin), env);
        return new Run(out.toByteArray(), err.toString(StandardCharsets.UTF_8), code);
    }
}
