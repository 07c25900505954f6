package org.fixbench.cli.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fixbench.harness.results.ResultsReader;
import org.junit.jupiter.api.Test;

/** A comparison's record in its environment, read typed: as a command writes it, and from every published folder. */
class ComparisonRecordTest {
    @Test
    void whatACommandRecordsIsReadBackTyped() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put(ResultLabels.COMMAND, "scripts/fixbench compare --rates 2000");
        env.put(ResultLabels.COMPARED_LABELS, List.of("tcp:spin", "sbe:tuned"));
        env.put(ResultLabels.COMPARED_RATES, List.of(2000, 10_000L));
        env.put(ComparisonRecord.HARNESS_FLOOR, Map.of("2000", Map.of("p50", 90.0, "p99", 260)));
        env.put(ComparisonRecord.STEAL_PERCENT, 0.07);
        env.put(ComparisonRecord.ENGINES, Map.of("sbe:tuned", Map.of("versions", Map.of("sbe", "1.37.1"),
                "profileFile", "fix-configs/sbe/tuned.properties", "profileSha256", "fb736e7e")));
        env.put(ResultLabels.TUNE_BASELINE, "sbe:tuned");
        env.put(ResultLabels.TUNE_VARIANTS, List.of("sbe:spin"));
        ComparisonRecord c = ComparisonRecord.of(env);
        assertEquals("scripts/fixbench compare --rates 2000", c.command());
        assertEquals(List.of("tcp:spin", "sbe:tuned"), c.comparedLabels());
        assertEquals(List.of(2_000L, 10_000L), c.comparedRates());
        assertEquals(new ComparisonRecord.Floor(90.0, 260.0), c.harnessFloor().get(2_000L));
        assertEquals(0.07, c.stealPercent());
        assertEquals("{sbe=1.37.1}", c.engines().get("sbe:tuned").versions());
        assertEquals(List.of("sbe:spin"), c.tuning().variants());
        assertEquals(ComparisonRecord.Tuning.DEFAULT_THRESHOLD, c.tuning().threshold());
        ComparisonRecord none = ComparisonRecord.of(Map.of());
        assertNull(none.comparedLabels(), "not recorded, not empty: the report then takes the results' own");
        assertNull(none.harnessFloor());
        assertNull(none.tuning());
    }

    @Test
    void everyPublishedFolderReadsAndSaysWhatItCompared() throws Exception {
        List<Path> folders;
        try (Stream<Path> s = Files.walk(Path.of("../results/published"))) {
            folders = s.filter(p -> p.getFileName().toString().equals("summary.json")).map(Path::getParent)
                    .sorted().toList();
        }
        assertTrue(folders.size() >= 40, "the premise: the published folders (" + folders.size() + ")");
        int tuning = 0;
        for (Path folder : folders) {
            Map<String, Object> env = ResultsReader.summary(folder).environment();
            ComparisonRecord c = ComparisonRecord.of(env);
            assertEquals(env.get(ResultLabels.COMMAND), c.command(), folder.toString());
            if (env.get(ResultLabels.COMPARED_LABELS) != null) {
                assertEquals(((List<?>) env.get(ResultLabels.COMPARED_LABELS)).size(), c.comparedLabels().size());
            }
            if (c.tuning() != null) {
                tuning++;
                assertNotNull(c.tuning().baseline());
            }
        }
        assertTrue(tuning > 0, "a tuning session among them");
    }
}
