package org.fixbench.cli.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * A result's labels read typed, as written in this process and as read back from {@code summary.json}: a label a
 * result lacks reads as before the label existed, and the hosts' rows survive the round trip through JSON.
 */
class LabelsTest {

    @Test
    void aResultWithoutTheNewerLabelsReadsAsBeforeTheyExisted() {
        Labels l = Labels.of(Map.of(ResultLabels.ENGINE, "tcp", ResultLabels.PROFILE, "spin"));
        assertEquals("tcp:spin", l.label());
        assertTrue(l.isFloor());
        assertEquals(1, l.sessions());
        assertEquals(Labels.FIXED_WORKLOAD, l.workload());
        assertFalse(l.paired());
        assertNull(l.floorRunBeside(1), "not paired: nothing said of run 1");
        assertFalse(l.hasEngineNotes());
        assertEquals(List.of(), l.engineNotes());
        assertEquals(List.of(), l.hosts());
        assertNull(l.profiled());
    }

    @Test
    void anInteropPairIsNamedByItsClientAndServerAndIsNeverTheFloor() {
        Labels l = Labels.of(Map.of(ResultLabels.ENGINE, "tcp/sbe", ResultLabels.PROFILE, "spin/tuned",
                ResultLabels.CLIENT, "tcp:spin", ResultLabels.SERVER, "sbe:tuned"));
        assertEquals("tcp:spin/sbe:tuned", l.label());
        assertTrue(l.isPair());
        assertFalse(l.isFloor());
    }

    @Test
    void whatTheJsonHoldsReadsTheSameAsWhatWasWritten() throws Exception {
        Map<String, Object> written = new LinkedHashMap<>();
        written.put(ResultLabels.ENGINE, "sbe");
        written.put(ResultLabels.PROFILE, "tuned");
        written.put(ResultLabels.SESSIONS, 4);
        written.put(ResultLabels.WORKLOAD, "mixed:7");
        written.put(ResultLabels.PAIRED_FLOOR_RUNS, List.of(2, 0, 5));
        written.put(ResultLabels.FLOOR, "tcp:spin");
        written.put(ResultLabels.ENGINE_NOTES, List.of("a note"));
        written.put(ResultLabels.HOSTS, List.of(new Labels.HostRow("198.18.0.2", 3, 6_000L, 12_345L,
                67_890L, 5_000_000_000L, List.of("OK", "OK", "DISTURBED")).toMap()));
        ObjectMapper json = new ObjectMapper();
        @SuppressWarnings("unchecked")
        Map<String, Object> read = json.readValue(json.writeValueAsString(written), Map.class);
        for (Map<String, Object> labels : List.of(written, read)) {
            Labels l = Labels.of(labels);
            assertEquals(4, l.sessions());
            assertEquals("mixed:7", l.workload());
            assertTrue(l.paired());
            assertEquals(2, l.floorRunBeside(1));
            assertEquals(0, l.floorRunBeside(2), "that floor run did not happen");
            assertNull(l.floorRunBeside(4), "three pairs: nothing said of run 4");
            assertEquals("tcp:spin", l.floor());
            assertEquals(List.of("a note"), l.engineNotes());
            Labels.HostRow row = l.hosts().get(0);
            assertEquals(new Labels.HostRow("198.18.0.2", 3, 6_000L, 12_345L, 67_890L, 5_000_000_000L,
                    List.of("OK", "OK", "DISTURBED")), row);
            assertEquals(json.writeValueAsString(labels.get(ResultLabels.HOSTS)),
                    json.writeValueAsString(List.of(row.toMap())), "the row writes back as it was");
        }
    }
}
