package org.fixbench.cli.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cli carries no cluster: the orchestrator is not on its class path, and {@code --cluster} without the cluster
 * module built is one line naming the command that builds it.
 */
class AcrossHostsTest {
    @TempDir
    Path tmp;

    @Test
    void theOrchestratorIsNotOnTheCliClassPath() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.mortbay.jetty.orchestrator.Cluster"));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.zookeeper.ZooKeeper"));
    }

    @Test
    void withoutTheClusterModuleBuiltTheRefusalIsOneLineNamingTheBuild() throws Exception {
        Files.createDirectories(tmp.resolve("fix-configs"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AcrossHosts.find(tmp));
        assertTrue(e.getMessage().contains(AcrossHosts.BUILD_COMMAND), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void compareWithClusterWithoutTheModuleExitsTwoInOneLine() throws Exception {
        Path configs = org.fixbench.engine.FixConfigs.root();
        try (java.util.stream.Stream<Path> files = Files.walk(configs)) { // a checkout with every profile, no build
            for (Path f : files.toList()) {
                Path to = tmp.resolve("fix-configs").resolve(configs.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Path file = Files.writeString(tmp.resolve("hosts.properties"), "server=198.18.0.1\nclients=198.18.0.2\n");
        String was = System.getProperty("fixbench.home");
        System.setProperty("fixbench.home", tmp.toString());
        StringWriter err = new StringWriter();
        int status;
        try {
            status = org.fixbench.cli.FixbenchCli.execute(new String[] {"compare", "--cluster", file.toString(),
                    "--engines", "tcp:yield", "--rates", "1000", "--out", tmp.resolve("never").toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        } finally {
            if (was == null) {
                System.clearProperty("fixbench.home");
            } else {
                System.setProperty("fixbench.home", was);
            }
        }
        assertEquals(2, status, err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains(AcrossHosts.BUILD_COMMAND), err.toString());
        assertTrue(Files.notExists(tmp.resolve("never")), "nothing written");
    }
}
