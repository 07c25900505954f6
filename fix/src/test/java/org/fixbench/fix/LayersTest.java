package org.fixbench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.Layers;
import org.junit.jupiter.api.Test;

/**
 * The FIX library's packages are layers, and every arrow points down: relay → session → dictionary → codec; and the
 * library uses no engine: of the engines' module it takes the interface's own package only (org.fixbench.engine:
 * profile values, server hooks), never an engine's (org.fixbench.engine.NAME). Read from the import lines and the fully
 * qualified names of the main sources ({@link Layers}), so a new upward arrow fails here, with the file and the line.
 */
class LayersTest {
    private static final String BASE = "org.fixbench.fix";
    /** Layer by package, lowest first. */
    private static final Map<String, Integer> LAYER = Map.of(BASE + ".codec", 0, BASE + ".dictionary", 1,
            BASE + ".session", 2, BASE + ".relay", 3);

    @Test
    void everyArrowBetweenTheLibrarysPackagesPointsDown() throws IOException {
        Layers.Scan scan = Layers.scan(Path.of("src/main/java/org/fixbench/fix"), BASE);
        assertTrue(scan.files() > 20, "read " + scan.files() + " files");
        assertEquals(List.of(), scan.packages().stream().filter(p -> !LAYER.containsKey(p)).toList(),
                "packages with no layer");
        assertEquals(List.of(), scan.arrows().stream().filter(a -> {
            Integer to = LAYER.get(a.to());
            return to == null || to > LAYER.get(a.from());
        }).map(Layers.Arrow::toString).toList(), "upward arrows");
    }

    @Test
    void theLibraryUsesNoEngine() throws IOException {
        Layers.Scan scan = Layers.scan(Path.of("src/main/java/org/fixbench/fix"), "org.fixbench.engine");
        assertEquals(List.of(), scan.arrows().stream().filter(a -> !a.to().equals("org.fixbench.engine"))
                .map(Layers.Arrow::toString).toList(), "an engine's package used by the library");
    }
}
