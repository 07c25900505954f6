package org.fixbench.engine.sbe;

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
 * The engine's packages are layers, and every arrow points down: root (engine, server, client) → app → session →
 * dictionary → codec; the generated model is used by app and root only. Read from the import lines and the
 * fully qualified names of the main sources, so a new upward arrow fails here, with the file and the line.
 */
class LayersTest {
    private static final String BASE = "org.fixbench.engine.sbe";
    /** Layer by package, lowest first. */
    private static final Map<String, Integer> LAYER = Map.of(
            BASE + ".codec", 0, BASE + ".dictionary", 1, BASE + ".session", 2, BASE + ".app", 3, BASE, 4);
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.fixbench\\.engine\\.sbe(?:\\.[a-z]+)*)\\.[A-Z]");

    @Test
    void everyArrowBetweenTheEnginesPackagesPointsDown() throws IOException {
        Path sources = Path.of("src/main/java/org/fixbench/engine/sbe");
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
                    Matcher m = REFERENCE.matcher(lines.get(n));
                    while (m.find()) {
                        String to = m.group(1);
                        boolean model = to.equals(BASE + ".model");
                        Integer toLayer = model ? null : LAYER.get(to);
                        if (model ? fromLayer < 3 : toLayer == null || toLayer > fromLayer) {
                            upward.add(file.getFileName() + ":" + (n + 1) + " (" + from + " → " + to + ")");
                        }
                    }
                }
            }
        }
        assertTrue(files > 20, "read " + files + " files");
        assertEquals(List.of(), upward, "upward arrows");
    }
}
