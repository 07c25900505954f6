package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fixbench.cli.flow.AcrossHosts;
import org.junit.jupiter.api.Test;

/**
 * The cluster is a module of its own: the cli finds it through its ServiceLoader seam, and no pom but this module's
 * names the orchestrator (so nothing else downloads or carries it).
 */
class SeamTest {
    @Test
    void theCliFindsThisModuleThroughItsSeam() {
        AcrossHosts found = AcrossHosts.find(null);
        assertInstanceOf(OrchestratedHosts.class, found);
    }

    @Test
    void onlyTheClusterModulesPomNamesTheOrchestrator() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> naming;
        try (Stream<Path> poms = Files.walk(root, 3)) {
            naming = poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !p.toString().contains("/target/"))
                    .filter(p -> {
                        try {
                            return Files.readString(p).contains("jetty-cluster-orchestrator");
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .map(p -> root.relativize(p).toString()).sorted().toList();
        }
        assertEquals(List.of("cluster/pom.xml"), naming);
    }
}
