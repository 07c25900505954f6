package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.Layers;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages are layers, and every arrow points down: root (engine, server, client) → app → the FIX
 * library (module fix: session → dictionary → codec, whose own LayersTest reads them); the generated model is used by
 * app and root only. Read from the import lines and the fully qualified names of the main sources ({@link Layers}),
 * so a new upward arrow fails here, with the file and the line.
 */
class LayersTest {
    private static final String BASE = "org.fixbench.engine.sbe";
    /** Layer by package, lowest first. */
    private static final Map<String, Integer> LAYER = Map.of(BASE + ".app", 3, BASE, 4);

    @Test
    void everyArrowBetweenTheEnginesPackagesPointsDown() throws IOException {
        Layers.Scan scan = Layers.scan(Path.of("src/main/java/org/fixbench/engine/sbe"), BASE);
        assertTrue(scan.files() > 8, "read " + scan.files() + " files");
        assertEquals(List.of(), scan.packages().stream().filter(p -> !p.equals(BASE + ".model")
                && !LAYER.containsKey(p)).toList(), "packages with no layer");
        assertEquals(List.of(), scan.arrows().stream().filter(a -> {
            boolean model = a.to().equals(BASE + ".model");
            Integer from = LAYER.get(a.from());
            Integer to = model ? null : LAYER.get(a.to());
            return from != null && (model ? from < 3 : to == null || to > from);
        }).map(Layers.Arrow::toString).toList(), "upward arrows");
    }
}
