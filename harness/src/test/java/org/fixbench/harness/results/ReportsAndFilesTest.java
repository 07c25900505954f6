package org.fixbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ManualClock;
import org.fixbench.harness.ScriptedTask;
import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.api.Probe;
import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.machine.Environment;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsAndFilesTest {
    @TempDir
    Path tmp;

    private static BenchmarkResult threeRuns(boolean skipFirst) {
        ManualClock clock = new ManualClock();
        ScriptedTask task = new ScriptedTask(clock) {
            private Probe probe;

            @Override
            public void init(Harness harness) {
                super.init(harness);
                probe = harness.addProbe("server processing");
            }

            @Override
            protected long costNanos(long i) {
                probe.sampleNanos(100 + i % 7);
                return 1_000 + (i % 10) * 100;
            }
        };
        HarnessConfig config = clock.configure("three", 10_000, 20_000).runs(3).skipFirstRun(skipFirst).build();
        return new LatencyBenchmark(config).run(task, Map.of("engine", "none"));
    }

    @Test
    void variationIsJlbhsFormulaAsJlbhWritesIt() {
        // JLBH 1.27 PercentileSummary.calculateVariance: 100 * (max - min) / (max + min / 2), precedence included
        assertEquals(100.0 * 2 / (12 + 10 / 2.0), TextReport.variationPercent(10, 12), 1e-9);
        assertEquals(100.0 * 1 / 4, TextReport.variationPercent(2, 3), 1e-9, "not (max - min) / mean, which is 40");
        assertEquals(0.0, TextReport.variationPercent(5, 5), 1e-9);
        assertEquals(0.0, TextReport.variationPercent(0, 0), 1e-9);
    }

    @Test
    void percentilesArePrintedOnlyWhenTheCountSupportsThem() {
        assertTrue(TextReport.supports(1_000, 99.9));
        assertFalse(TextReport.supports(999, 99.9));
        assertFalse(TextReport.supports(1_000, 99.99));
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 1_000; i++) {
            h.recordValue(i * 1_000L);
        }
        String line = TextReport.line("End to End", new SeriesData(h, 1_000_123, 0));
        assertTrue(line.startsWith("End to End: (1,000)"), line);
        assertTrue(line.contains("50/90 99/99.9 - worst was"), line);
        assertFalse(line.contains("99.99"), line);
        assertTrue(line.endsWith("- 1,000"), "the exact maximum, not a bucket: " + line);
    }

    @Test
    void jsonPercentilesNeverExceedTheExactMaximum() {
        Histogram h = new Histogram(1, 60_000_000_000L, 3);
        h.recordValue(1_000_001);
        SeriesData data = new SeriesData(h, 1_000_001, 0);
        assertEquals(1_000_001, data.percentileNanos(50));
        assertEquals(1_000_001, data.percentileNanos(100));
    }

    @Test
    void summaryHasPercentileRowsRunColumnsAndVariation() {
        BenchmarkResult result = threeRuns(false);
        String summary = TextReport.summary(result, SeriesNames.END_TO_END);
        assertTrue(summary.contains("SUMMARY (End to End, three)"), summary);
        assertTrue(summary.contains("run1") && summary.contains("run3"), summary);
        assertTrue(summary.contains("99.9:") && summary.contains("worst:"), summary);
        assertTrue(summary.contains("99.99:"), "20,000 samples support 99.99: " + summary);
    }

    @Test
    void skippingTheFirstRunRemovesItFromSummaries() {
        BenchmarkResult result = threeRuns(true);
        assertEquals(3, result.runs().size());
        assertEquals(List.of(2, 3), result.countedRuns().stream().map(RunResult::run).toList());
        String summary = TextReport.summary(result, SeriesNames.END_TO_END);
        assertFalse(summary.contains("run1"), summary);
        assertTrue(summary.contains("run 1 excluded"), summary);
    }

    @Test
    void resultsAreWrittenAsJsonCsvHlogAndHgrmAndReadBack() throws Exception {
        BenchmarkResult result = threeRuns(false);
        Path folder = ResultsFolder.createNamed(tmp.resolve("out"));
        Map<String, Object> env = new HashMap<>(Environment.capture());
        ResultsWriter.write(folder, env, List.of(result), true);

        JsonNode root = new ObjectMapper().readTree(folder.resolve("summary.json").toFile());
        assertEquals(1, root.get("schema").asInt());
        assertTrue(root.get("environment").has("clocksource"));
        JsonNode r = root.get("results").get(0);
        assertEquals("three", r.get("name").asText());
        assertEquals("none", r.get("engine").asText());
        assertEquals(10_000, r.get("targetRate").asLong());
        JsonNode run1 = r.get("runs").get(0);
        assertEquals("OK", run1.get("status").asText());
        assertEquals(20_000, run1.get("sent").asLong());
        JsonNode e2e = run1.get("series").get("endToEnd");
        assertEquals(20_000, e2e.get("count").asLong());
        assertEquals(result.runs().get(0).endToEnd().maxNanos(), e2e.get("max").asLong());
        assertEquals(result.runs().get(0).endToEnd().percentileNanos(99), e2e.get("p99").asLong());
        assertTrue(run1.get("series").has("server processing"));

        List<String> csv = Files.readAllLines(folder.resolve("summary.csv"));
        assertTrue(csv.get(0).startsWith("name,engine,profile,target_rate_per_s,run,status"), csv.get(0));
        assertTrue(csv.get(0).contains(",p50_ns,") && csv.get(0).endsWith(",max_ns,clamped"), "units in the headers");
        assertEquals(1 + 3 * 4, csv.size(), "a row per run and series");
        assertTrue(csv.get(1).startsWith("three,none,"), "engine in a column of its own: " + csv.get(1));

        // HdrHistogram's own HistogramLogProcessor reads a series' log as it is, and adds the runs up
        Path seriesLog = folder.resolve("hlog/three/endToEnd.hlog");
        Path processed = folder.resolve("processed");
        new org.HdrHistogram.HistogramLogProcessor(new String[] {"-i", seriesLog.toString(), "-o",
                processed.toString()}).run();
        String distribution = Files.readString(folder.resolve("processed.hgrm"));
        assertTrue(distribution.contains("Total count    =        60000"), distribution);
        assertTrue(Files.readString(folder.resolve("hgrm/three/all-endToEnd.hgrm")).contains("60000"));
        // ... which is exactly the counted runs' pooled distribution (the untagged intervals are the runs at full
        // precision) ...
        Histogram pooled = result.runs().get(0).endToEnd().histogram().copy();
        result.runs().stream().skip(1).forEach(each -> pooled.add(each.endToEnd().histogram()));
        Histogram untagged = null;
        try (FileInputStream in = new FileInputStream(seriesLog.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            Histogram h;
            while ((h = (Histogram) reader.nextIntervalHistogram()) != null) {
                if (h.getTag() == null) {
                    if (untagged == null) {
                        untagged = h;
                    } else {
                        untagged.add(h);
                    }
                }
            }
        }
        assertEquals(pooled, untagged, "the untagged intervals add up to the pooled runs, value for value");
        // ... and gives its timeline with -tag second: one interval per second of schedule (2 s a run, 3 runs)
        new org.HdrHistogram.HistogramLogProcessor(new String[] {"-i", seriesLog.toString(), "-tag", "second", "-o",
                folder.resolve("timeline").toString(), "-csv"}).run();
        List<String> timelineRows = Files.readAllLines(folder.resolve("timeline")).stream()
                .filter(line -> !line.startsWith("#")).toList();
        assertEquals(1 + 6, timelineRows.size(), "a header and six intervals: " + timelineRows);
        assertTrue(timelineRows.get(1).contains(",10000,"), "10,000 orders a second: " + timelineRows.get(1));
        assertTrue(Files.exists(folder.resolve("hlog/three/client-to-server.hlog")) || Files.exists(
                folder.resolve("hlog/three/server-processing.hlog")), "series names as file names");

        JsonNode bench = new ObjectMapper().readTree(folder.resolve("benchmark.json").toFile());
        assertTrue(bench.isArray());
        boolean p50 = false;
        for (JsonNode entry : bench) {
            assertTrue(entry.has("name") && entry.has("unit") && entry.has("value"), entry.toString());
            if (entry.get("name").asText().endsWith(" p50")) {
                p50 = true;
                assertEquals("us", entry.get("unit").asText());
                assertTrue(entry.get("value").asDouble() > 0);
            }
        }
        assertTrue(p50, "a p50 entry for benchmark-tracking actions: " + bench);

        Map<String, Long> counts = new HashMap<>();
        try (FileInputStream in = new FileInputStream(folder.resolve("hlog/three/server-processing.hlog").toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            Histogram h;
            int k = 0;
            while ((h = (Histogram) reader.nextIntervalHistogram()) != null) {
                counts.put((h.getTag() == null ? "run" : h.getTag()) + (++k), h.getTotalCount());
            }
        }
        assertEquals(3, counts.size(), "one interval per run, no timeline for a probe: " + counts);
        assertEquals(20_000L, counts.get("run2"));
        assertFalse(Files.exists(folder.resolve("three.hlog")), "one form of log, not two");
        assertTrue(Files.readString(folder.resolve("hgrm/three/run1-endToEnd.hgrm")).contains("Percentile"));
    }

    /**
     * A folder read back gives the results that were written: every number summary.json holds (compared as the
     * writer renders them) and every run's distributions, value for value, with their timelines.
     */
    @Test
    void resultsReadBackAreTheResultsWritten() throws Exception {
        BenchmarkResult plain = threeRuns(true);
        List<RunResult> runs = new java.util.ArrayList<>();
        for (RunResult run : plain.runs()) {
            runs.add(run.run() == 3 ? run.withReason(new RunReason(RunReason.Kind.CPU_WAIT, "disturbed, planted"))
                    .placed(3, 2) : run.placed(run.run(), 1));
        }
        CpuWait wait = new CpuWait(125_000_000, 48_019, "java (pid 2715)", 125_000_000, 3, 2,
                new long[] {100_000_000, 25_000_000}, 0, 77_000_000, List.of("sender 1 ms", "receiver 124 ms"), true,
                213_000_000, List.of(new CpuWait.Jvm(2715, "client", 77_000_000, 3_000_000)));
        RunResult last = runs.remove(2);
        runs.add(new RunResult(last.run(), last.status(), last.reasons(), last.achievedRatePerSecond(), last.sent(),
                last.received(), last.lost(), last.lateReplies(), last.completionRatePerSecond(),
                last.oldestUnansweredNanos(), last.firstThirdP50Nanos(), last.lastThirdP50Nanos(),
                last.largestSendBacklog(), last.unmatchedSamples(), 1.5, 99.0, last.excluded(), last.startEpochMillis(),
                last.endEpochMillis(), last.series(), 42_000, wait, last.round(), last.slot(), 330, 12));
        Map<String, Object> labels = new java.util.LinkedHashMap<>(plain.labels());
        labels.put("profile", "p");
        labels.put("pairedFloorRuns", List.of(1, 2, 3));
        labels.put("engineNotes", List.of("a note"));
        BenchmarkResult result = new BenchmarkResult(plain.name(), plain.config(), labels, plain.warmupIterations(),
                runs, List.of(new PinOutcome("sender", "fixbench-sender", 1, true, "pinned")), null, 2, 0, true);
        Path folder = ResultsFolder.createNamed(tmp.resolve("back"));
        Map<String, Object> env = new java.util.LinkedHashMap<>(Environment.capture());
        ResultsWriter.write(folder, env, List.of(result));

        ResultsReader.Read read = ResultsReader.read(folder);
        assertFalse(read.approximate());
        assertEquals(1, read.results().size());
        BenchmarkResult back = read.results().get(0);
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.valueToTree(ResultsWriter.toJson(result)), json.valueToTree(ResultsWriter.toJson(back)));
        assertEquals(json.valueToTree(env), json.valueToTree(read.environment()));
        // the figures as recorded come with the read, the same as the summary read alone
        assertEquals(json.valueToTree(ResultsReader.summary(folder)), json.valueToTree(read.summary()));
        assertEquals(RunStatus.DISTURBED, back.status());
        assertEquals(List.of(2, 3), back.countedRuns().stream().map(RunResult::run).toList());
        for (int k = 0; k < runs.size(); k++) {
            RunResult wrote = runs.get(k);
            RunResult got = back.runs().get(k);
            assertEquals(wrote.series().keySet(), got.series().keySet());
            for (String series : wrote.series().keySet()) {
                assertEquals(wrote.series().get(series).histogram(), got.series().get(series).histogram(),
                        "run " + wrote.run() + " " + series);
                assertEquals(wrote.series().get(series).maxNanos(), got.series().get(series).maxNanos());
                // the timeline of a counted run (an excluded run's is not kept)
                assertEquals(wrote.excluded() ? 0 : wrote.series().get(series).timeline().size(),
                        got.series().get(series).timeline().size(), "run " + wrote.run() + " " + series);
            }
        }
        assertEquals(2, back.runs().get(1).endToEnd().timeline().size(), "two seconds a run");
        assertTrue(back.runs().get(1).endToEnd().timeline().stream().allMatch(h -> h.getTotalCount() == 10_000));

        // the derived distributions are not written by default, and made again from the logs they are the files
        // the run itself would have written, byte for byte
        assertFalse(Files.exists(folder.resolve("hgrm")), "derived files only on request");
        Path direct = ResultsFolder.createNamed(tmp.resolve("direct"));
        ResultsWriter.writeDistributions(direct, List.of(result));
        Path again = ResultsFolder.createNamed(tmp.resolve("again"));
        ResultsWriter.writeDistributions(again, List.of(back));
        List<Path> files;
        try (java.util.stream.Stream<Path> walk = Files.walk(direct.resolve("hgrm"))) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        assertEquals(4 * 3 + 4, files.size(), "per run and series, and pooled per series: " + files);
        for (Path f : files) {
            Path other = again.resolve(direct.relativize(f));
            assertEquals(Files.readString(f), Files.readString(other), "made again: " + direct.relativize(f));
        }
    }

    /** A published folder may keep its summary compressed: read back, it is the same summary and results. */
    @Test
    void aCompressedSummaryIsReadAsThePlainOne() throws Exception {
        Path folder = ResultsFolder.createNamed(tmp.resolve("plain"));
        ResultsWriter.write(folder, new java.util.LinkedHashMap<>(Environment.capture()), List.of(threeRuns(true)));
        Path packed = ResultsFolder.createNamed(tmp.resolve("packed"));
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(
                packed.resolve(ResultsReader.SUMMARY_GZIP)))) {
            Files.copy(folder.resolve(ResultsReader.SUMMARY), out);
        }
        try (java.util.stream.Stream<Path> logs = Files.walk(folder.resolve("hlog"))) {
            for (Path f : logs.toList()) {
                Files.copy(f, packed.resolve(folder.relativize(f)));
            }
        }
        assertEquals(packed.resolve(ResultsReader.SUMMARY_GZIP), ResultsReader.summaryFile(packed));
        assertEquals(folder.resolve(ResultsReader.SUMMARY), ResultsReader.summaryFile(folder));
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.valueToTree(ResultsReader.summary(folder)), json.valueToTree(ResultsReader.summary(packed)));
        assertEquals(json.valueToTree(ResultsWriter.toJson(ResultsReader.read(folder).results().get(0))),
                json.valueToTree(ResultsWriter.toJson(ResultsReader.read(packed).results().get(0))));

        Path broken = ResultsFolder.createNamed(tmp.resolve("broken"));
        Files.writeString(broken.resolve(ResultsReader.SUMMARY_GZIP), "not gzip");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultsReader.read(broken));
        assertTrue(e.getMessage().startsWith("cannot read " + broken.resolve(ResultsReader.SUMMARY_GZIP)),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aFolderWithoutResultsIsRefusedInOneLine() throws Exception {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> ResultsReader.read(tmp));
        assertTrue(none.getMessage().startsWith("not a fixbench results folder"), none.getMessage());
        Files.writeString(tmp.resolve("summary.json"), "{\"schema\": 7}");
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> ResultsReader.read(tmp));
        assertFalse(other.getMessage().contains("\n"), other.getMessage());
    }

    @Test
    void resultFoldersAreNeverOverwritten() throws Exception {
        Path named = ResultsFolder.createNamed(tmp.resolve("named"));
        Files.writeString(named.resolve("summary.json"), "{}");
        HarnessException e = assertThrows(HarnessException.class, () -> ResultsFolder.createNamed(named));
        assertTrue(e.getMessage().contains("never overwritten"), e.getMessage());

        Path written = ResultsFolder.createNamed(tmp.resolve("w"));
        ResultsWriter.write(written, Map.of(), List.of());
        assertThrows(HarnessException.class, () -> ResultsWriter.write(written, Map.of(), List.of()),
                "a second write into the same folder must not replace the first");

        Instant now = Instant.parse("2026-11-22T12:00:00Z");
        Path first = ResultsFolder.createDefault(tmp.resolve("results"), now);
        Path second = ResultsFolder.createDefault(tmp.resolve("results"), now);
        assertNotEquals(first, second);
        assertTrue(first.getFileName().toString().startsWith("20261122T120000Z-"));
    }

    @Test
    void anUnwritableOutputFolderIsACleanError() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        HarnessException e = assertThrows(HarnessException.class, () -> ResultsFolder.createNamed(file.resolve("sub")));
        assertTrue(e.getMessage().startsWith("cannot create output folder"), e.getMessage());
    }
}
