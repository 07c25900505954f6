package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The harness's packages are layers by purpose, and every arrow points down: the conductor ({@code LatencyBenchmark},
 * this package) → the warm-up (which drives the timed run's passes) → the timed run → results → verdicts → the
 * task's API and configuration → the machine → series. Read from the import lines and the fully qualified names in
 * the main sources ({@link Layers}), so a new upward arrow fails here, with the file and line.
 */
class LayersTest {
    private static final String BASE = "org.fixbench.harness";
    /** Layer by package, lowest first. */
    private static final Map<String, Integer> LAYER = Map.of(BASE + ".series", 0, BASE + ".machine", 1,
            BASE + ".api", 2, BASE + ".verdict", 3, BASE + ".results", 4, BASE + ".timed", 5, BASE + ".warmup", 6,
            BASE, 7);

    @Test
    void everyArrowBetweenTheHarnesssPackagesPointsDown() throws IOException {
        Layers.Scan scan = Layers.scan(Path.of("src/main/java/org/fixbench/harness"), BASE);
        assertTrue(scan.files() > 40, "read " + scan.files() + " files");
        assertEquals(List.of(), scan.packages().stream().filter(p -> !LAYER.containsKey(p)).toList(),
                "packages with no layer");
        assertEquals(List.of(), scan.arrows().stream().filter(a -> !LAYER.containsKey(a.to())
                || LAYER.get(a.to()) > LAYER.get(a.from())).map(Layers.Arrow::toString).toList(), "upward arrows");
    }

    /** The conductor stays a conductor: the timed loop, the warm-up, the verdicts and the lines live below it. */
    @Test
    void theConductorIsSmall() throws IOException {
        long lines = Files.readAllLines(Path.of("src/main/java/org/fixbench/harness/LatencyBenchmark.java")).size();
        assertTrue(lines <= 400, "LatencyBenchmark.java has " + lines + " lines");
    }
}
