package org.fixbench.engine.quickfixj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.fixbench.engine.Durability;
import org.fixbench.engine.EngineContractTest;
import org.fixbench.engine.EngineSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * quickfixj:synced keeps the contract with its store synced per write, its files inside the work folder. In the long
 * phase: a sync per message makes its contract take 35 s here (the tuned profile's: 9 s).
 */
@Tag("long")
class QuickFixJSyncedTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "quickfixj:synced";
    }

    @Test
    void itsSessionsAreKeptSynced() {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        assertEquals(Durability.SYNCED, spec.engine().durability(spec.profileFile()));
    }

    @AfterEach
    void itsStoreIsInTheWorkFolder() throws Exception {
        Path work = tmp.resolve("work");
        if (Files.isDirectory(work)) {
            try (Stream<Path> files = Files.walk(work)) {
                assertTrue(files.anyMatch(p -> p.toString().contains("quickfixj-server")
                        && p.toString().endsWith(".body")), "a file store, inside the work folder");
            }
        }
    }
}
