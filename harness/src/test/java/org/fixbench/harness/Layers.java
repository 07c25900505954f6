package org.fixbench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the modules' layer tests read: every reference from a main source file to a package under a base package,
 * from its import lines and fully qualified names (strings left out). Each module's {@code LayersTest} says which of
 * them point up.
 */
public final class Layers {
    private static final Pattern STRING = Pattern.compile("\"(\\\\.|[^\"\\\\])*\"");

    private Layers() {
    }

    /** A reference from {@code from} (in {@code file}, at {@code line}) to a class of package {@code to}. */
    public record Arrow(String file, int line, String from, String to) {
        @Override
        public String toString() {
            return file + ":" + line + " (" + from + " → " + to + ")";
        }
    }

    /** The files read, the packages they are in, and their references to packages under the base. */
    public record Scan(int files, Set<String> packages, List<Arrow> arrows) {
    }

    /** Reads every {@code .java} file under {@code sources} for references to {@code base} and its subpackages. */
    public static Scan scan(Path sources, String base) throws IOException {
        Pattern reference = Pattern.compile("\\b(" + Pattern.quote(base) + "(?:\\.[a-z]+)*)\\.[A-Z]");
        List<Arrow> arrows = new ArrayList<>();
        Set<String> packages = new TreeSet<>();
        int files = 0;
        try (Stream<Path> walk = Files.walk(sources)) {
            for (Path file : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                files++;
                List<String> lines = Files.readAllLines(file);
                String from = lines.stream().filter(l -> l.startsWith("package ")).findFirst().orElseThrow()
                        .replace("package ", "").replace(";", "").trim();
                packages.add(from);
                for (int n = 0; n < lines.size(); n++) {
                    if (lines.get(n).startsWith("package ")) {
                        continue;
                    }
                    Matcher m = reference.matcher(STRING.matcher(lines.get(n)).replaceAll("\"\""));
                    while (m.find()) {
                        arrows.add(new Arrow(file.getFileName().toString(), n + 1, from, m.group(1)));
                    }
                }
            }
        }
        return new Scan(files, packages, arrows);
    }
}
