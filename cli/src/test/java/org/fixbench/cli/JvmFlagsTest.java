package org.fixbench.cli;

import org.fixbench.cli.run.ForkedRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fixbench.engine.EngineSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A forked engine process gets the JVM flags its profile asks for, and only flags. */
class JvmFlagsTest {
    @TempDir
    Path tmp;

    private EngineSpec profile(String text) throws Exception {
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve("fix-configs/dying"));
        Files.writeString(home.resolve("fix-configs/dying/yield.properties"), text);
        System.setProperty("fixbench.home", home.toString());
        return EngineSpec.parse("dying:yield");
    }

    @Test
    void theProfilesFlagsGoToItsProcesses() throws Exception {
        String previous = System.getProperty("fixbench.home");
        try {
            assertEquals(List.of("-XX:+UseParallelGC", "-Xss2m"),
                    ForkedRun.jvmFlags(profile("mode=yield\njvmFlags=-XX:+UseParallelGC  -Xss2m\n")));
            assertEquals(List.of(), ForkedRun.jvmFlags(profile("mode=yield\n")));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ForkedRun.jvmFlags(profile("jvmFlags=-Xss2m oops\n")));
            assertTrue(e.getMessage().contains("'oops', which is not a JVM flag"), e.getMessage());
        } finally {
            if (previous == null) {
                System.clearProperty("fixbench.home");
            } else {
                System.setProperty("fixbench.home", previous);
            }
        }
    }
}
