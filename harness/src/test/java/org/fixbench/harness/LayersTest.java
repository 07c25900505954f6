package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The harness's packages are layers by purpose, and every arrow points down: the conductor ({@code LatencyBenchmark},
 * this package) → the warm-up (which drives the timed run's passes) → the timed run → results → verdicts → the task's API and configuration → the machine →
 * series. Read from the import lines and the fully qualified names in the main sources (strings left out), so a new
 * upward arrow fails here, with the file and line.
 */
class LayersTest {
    private static final String BASE = "org.fixbench.harness";
    /** Layer by package, lowest first. */
    private static final Map<String, Integer> LAYER = Map.of(BASE + ".series", 0, BASE + ".machine", 1,
            BASE + ".api", 2, BASE + ".verdict", 3, BASE + ".results", 4, BASE + ".timed", 5, BASE + ".warmup", 6,
            BASE, 7);
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.fixbench\\.harness(?:\\.[a-z]+)*)\\.[A-Z]");
    private static final Pattern STRING = Pattern.compile("\"(\\\\.|[^\"\\\\])*\"");

    @Test
    void everyArrowBetweenTheHarnesssPackagesPointsDown() throws IOException {
        Path sources = Path.of("src/main/java/org/fixbench/harness");
        List<String> upward = new ArrayList<>();
        int files = 0;
        try (Stream<Path> walk = Files.walk(sources)) {
            for (Path file : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
                files++;
                List<String> lines = Files.readAllLines(file);
                String from = lines.stream().filter(l -> l.startsWith("package ")).findFirst().orElseThrow()
                        .replace("package ", "").replace(";", "").trim();
                Integer fromLayer = LAYER.get(from);
                assertTrue(fromLayer != null, file + ": package " + from + " has no layer");
                for (int n = 0; n < lines.size(); n++) {
                    if (lines.get(n).startsWith("package ")) {
                        continue;
                    }
                    Matcher m = REFERENCE.matcher(STRING.matcher(lines.get(n)).replaceAll("\"\""));
                    while (m.find()) {
                        String to = m.group(1);
                        Integer toLayer = LAYER.get(to);
                        if (toLayer == null || toLayer > fromLayer) {
                            upward.add(file.getFileName() + ":" + (n + 1) + " (" + from + " → " + to + ")");
                        }
                    }
                }
            }
        }
        assertTrue(files > 40, "read " + files + " files");
        assertEquals(List.of(), upward, "upward arrows");
    }

    /** The conductor stays a conductor: the timed loop, the warm-up, the verdicts and the lines live below it. */
    @Test
    void theConductorIsSmall() throws IOException {
        long lines = Files.readAllLines(Path.of("src/main/java/org/fixbench/harness/LatencyBenchmark.java")).size();
        assertTrue(lines <= 400, "LatencyBenchmark.java has " + lines + " lines");
    }
}
