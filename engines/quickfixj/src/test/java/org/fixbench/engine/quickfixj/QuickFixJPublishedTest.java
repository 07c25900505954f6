package org.fixbench.engine.quickfixj;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.fixbench.engine.EngineContractTest;
import org.junit.jupiter.api.AfterEach;

class QuickFixJPublishedTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "quickfixj:published";
    }

    @AfterEach
    void fileStoresAndLogsStayInTheWorkFolder() throws Exception {
        Path work = tmp.resolve("work");
        if (Files.isDirectory(work)) {
            try (Stream<Path> files = Files.walk(work)) {
                assertTrue(files.anyMatch(p -> p.toString().contains("quickfixj-server") && p.toString().endsWith(".body")),
                        "the published profile keeps a file store, inside the work folder");
            }
        }
    }
}
