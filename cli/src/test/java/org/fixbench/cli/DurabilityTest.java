package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.run.EngineEnvironment;
import org.fixbench.engine.Durability;
import org.fixbench.engine.EngineSpec;
import org.junit.jupiter.api.Test;

/**
 * Each profile says where its sessions keep their numbers and messages, read from the profile as run (overrides
 * included), and the results record it in one word.
 */
class DurabilityTest {
    private static Durability of(String label) {
        EngineSpec spec = EngineSpec.parse(label);
        return spec.engine().durability(spec.profileFile());
    }

    @Test
    void eachStoreProfileSaysWhatItKeepsWhere() {
        assertEquals(Durability.NONE, of("tcp:spin"), "raw TCP has no session");
        assertEquals(Durability.MEMORY, of("sbe:tuned"));
        assertEquals(Durability.FILE, of("sbe:file"));
        assertEquals(Durability.FILE, of("sbe:tuned+store=file"), "an override is read as the profile runs");
        assertEquals(Durability.SYNCED, of("sbe:synced"));
        assertEquals(Durability.MEMORY, of("sbe:tuned+storeSync=Y"), "synced, but in memory: nothing to sync");
        assertEquals(Durability.MEMORY, of("quickfixj:tuned"));
        assertEquals(Durability.FILE, of("quickfixj:file"));
        assertEquals(Durability.SYNCED, of("quickfixj:synced"));
        assertEquals(Durability.MEMORY, of("artio:tuned"));
        assertEquals(Durability.FILE, of("artio:tuned+logMessages=Y"), "Artio's archive: files, unsynced");
        assertEquals(Durability.MEMORY, of("philadelphia:spin"));
        assertEquals(Durability.MEMORY, of("external:quickfix-cpp"), "as its engine file says");
        assertEquals(Durability.FILE, of("external:quickfix-cpp+store=file"));
        assertEquals(Durability.MEMORY, of("external:jspurefix"));
        assertEquals(Durability.FILE, of("external:jspurefix+store=file"));
        assertEquals(Durability.UNKNOWN, of("external:fixbench-sbe"), "a file that does not say");
    }

    @Test
    void theResultsRecordItInOneWord() {
        Map<String, Object> engines = EngineEnvironment.describe(java.util.List.of(EngineSpec.parse("quickfixj:synced"),
                EngineSpec.parse("sbe:tuned")));
        ComparisonRecord recorded = ComparisonRecord.of(Map.of(ComparisonRecord.ENGINES, engines));
        assertEquals("synced", recorded.engines().get("quickfixj:synced").durability());
        assertEquals("memory", recorded.engines().get("sbe:tuned").durability());
        assertFalse(recorded.engines().get("sbe:tuned").durabilityDeclared(), "set by the suite's own settings");
        ComparisonRecord external = ComparisonRecord.of(Map.of(ComparisonRecord.ENGINES, EngineEnvironment.describe(
                java.util.List.of(EngineSpec.parse("external:quickfix-cpp+store=file"),
                        EngineSpec.parse("external:fixbench-sbe")))));
        assertEquals("file", external.engines().get("external:quickfix-cpp+store=file").durability());
        assertTrue(external.engines().get("external:quickfix-cpp+store=file").durabilityDeclared(),
                "a black box's store is its file's word");
        assertEquals("unknown", external.engines().get("external:fixbench-sbe").durability());
        assertFalse(external.engines().get("external:fixbench-sbe").durabilityDeclared(), "nothing said");
        assertTrue(ComparisonRecord.of(Map.of(ComparisonRecord.ENGINES, Map.of("x:y", Map.of("versions", "{}"))))
                .engines().get("x:y").durability() == null, "a folder from before: none said");
    }
}
