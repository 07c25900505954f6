package org.fixbench.cli;

import org.fixbench.cli.options.Durations;
import org.fixbench.cli.run.Sweep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
    @TempDir
    Path tmp;

    private record Outcome(int status, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter err = new StringWriter();
        int status = FixbenchCli.execute(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        return new Outcome(status, err.toString());
    }

    private static void assertOneLineError(Outcome o, int status, String expectedStart) {
        assertEquals(status, o.status(), o.err());
        String[] lines = o.err().strip().split("\n");
        assertEquals(1, lines.length, "one line, no stack trace: " + o.err());
        assertTrue(lines[0].startsWith(expectedStart), lines[0]);
    }

    /**
     * The command run from outside a checkout, without -Dfixbench.home: one line that says where to run it from, exit
     * 2, nothing written (until 2026-12-03 "unexpected error: java.lang.IllegalStateException: ..." and a second line
     * about the stack trace). In a JVM of its own, whose working folder has no fix-configs/ above it.
     */
    @Test
    void outsideACheckoutTheCommandSaysWhereToRunItInOneLine() throws Exception {
        Path nowhere = Files.createDirectories(tmp.resolve("nowhere"));
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), FixbenchCli.class.getName(), "compare", "--engines",
                "tcp:yield", "--out", nowhere.resolve("never").toString()).directory(nowhere.toFile())
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), said);
        assertEquals(1, said.lines().count(), said);
        assertEquals("fixbench: cannot find fix-configs/ above " + nowhere.toAbsolutePath() + ": run scripts/fixbench "
                + "of a checkout, or give java -Dfixbench.home=CHECKOUT", said);
        assertFalse(Files.exists(nowhere.resolve("never")));
    }

    @Test
    void badInputGetsOneLineAndANonZeroExit() throws Exception {
        String out = tmp.resolve("never").toString();
        assertOneLineError(run("compare", "--engines", "nosuch", "--out", out), 2, "fixbench: unknown engine 'nosuch' (available: ");
        assertOneLineError(run("compare", "--engines", "tcp:turbo", "--out", out), 2,
                "fixbench: unknown profile 'turbo' for engine tcp (available: blocking, spin, tls, yield)");
        assertOneLineError(run("compare", "--rates", "0", "--out", out), 2, "fixbench: rate must be > 0");
        assertOneLineError(run("compare", "--rates", "fast", "--out", out), 2, "fixbench: bad rate 'fast'");
        assertOneLineError(run("compare", "--duration", "5 parsecs", "--out", out), 2, "fixbench: Invalid value for option '--duration'");
        assertOneLineError(run("compare", "--runs", "0", "--out", out), 2, "fixbench: runs must be > 0 (was 0)");
        assertOneLineError(run("compare", "--warmup-cap", "soon", "--out", out), 2,
                "fixbench: Invalid value for option '--warmup-cap'");
        assertOneLineError(run("compare", "--warmup-cap", "-1s", "--out", out), 2,
                "fixbench: Invalid value for option '--warmup-cap': '-1s' is not a duration");
        assertOneLineError(run("example", "co", "--rate", "-1", "--out", out), 2, "fixbench: rate must be > 0");
        assertOneLineError(run("calibrate", "--cpus", "999", "--out", out), 2, "fixbench: unknown CPU 999");
        assertOneLineError(run("compare", "--bogus"), 2, "fixbench: Unknown option: '--bogus'");
        assertOneLineError(run("serve", "--engine", "philadelphia", "--port", "0"), 2, "fixbench: --port must be 1-65535");
        assertOneLineError(run("serve", "--engine", "philadelphia", "--port", "9999", "--app", "echo"), 2,
                "fixbench: --app 'echo' is not available for philadelphia (available: report)");
        assertOneLineError(run("serve", "--engine", "tcp", "--port", "9999", "--app", "echo"), 2,
                "fixbench: tcp speaks no FIX: it serves only --app report");
        assertOneLineError(run("compare", "--pairs", "tcp/sbe", "--out", out), 2,
                "fixbench: --pairs: tcp speaks no FIX: it pairs only with an engine that speaks none ('tcp/sbe')");
        assertOneLineError(run("compare", "--pairs", "sbe", "--out", out), 2, "fixbench: --pairs: 'sbe' is not CLIENT/SERVER");
        assertOneLineError(run("compare", "--engines", "sbe", "--server", "nowhere", "--out", out), 2,
                "fixbench: --server must be HOST:PORT");
        assertOneLineError(run("compare", "--engines", "sbe,tcp", "--server", "127.0.0.1:9", "--out", out), 2,
                "fixbench: --server drives one server");
        assertOneLineError(run("compare", "--fork", "maybe", "--out", out), 2, "fixbench: --fork must be process or none");
        assertOneLineError(run("compare", "--engines", "sbe", "--workload", "mixed:x", "--out", out), 2,
                "fixbench: --workload mixed:x: the seed is not a whole number");
        assertOneLineError(run("compare", "--engines", "sbe", "--workload", "no-such.log", "--out", out), 2,
                "fixbench: --workload ");
        assertOneLineError(run("serve", "--engine", "sbe", "--port", "9999", "--workload", "mixed:x"), 2,
                "fixbench: --workload mixed:x: the seed is not a whole number");
        java.nio.file.Path notAFolder = java.nio.file.Files.createTempFile("fixbench-cli", ".txt");
        try {
            assertOneLineError(run("serve", "--engine", "sbe", "--port", "9999", "--work-dir", notAFolder.toString()),
                    2, "fixbench: --work-dir " + notAFolder + " is not a folder");
        } finally {
            java.nio.file.Files.deleteIfExists(notAFolder);
        }
        assertOneLineError(run("serve", "--engine", "sbe:yield+store=disk", "--port", "9999"), 2, "fixbench: ");
        java.nio.file.Path untimed = tmp.resolve("untimed.log");
        try {
            java.nio.file.Files.writeString(untimed, "8=FIX.4.4|35=D|11=A|55=X|54=1|38=1|40=1|10=000|\n");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertOneLineError(run("compare", "--engines", "sbe", "--workload", "paced:" + untimed, "--out", out), 2,
                "fixbench: " + untimed + ":1: no SendingTime (52) or TransactTime (60) to pace the replay by");
        assertOneLineError(run("compare", "--rates", "0.5", "--out", out), 2,
                "fixbench: rate must be a whole number of messages per second");
        assertOneLineError(run("compare", "--engines", "tcp", "--rates", "10k,10000", "--out", out), 2,
                "fixbench: two benchmarks would both be tcp:spin at 10,000/s");
        assertOneLineError(run("compare", "--engines", "tcp,tcp", "--out", out), 2, "fixbench: two benchmarks would both be");
        assertOneLineError(run("compare", "--duration", "99999999999s", "--out", out), 2,
                "fixbench: Invalid value for option '--duration'");
        assertOneLineError(run("serve", "--engine", "sbe", "--port", "9999", "--duration", "1e12s"), 2,
                "fixbench: Invalid value for option '--duration'");
        assertOneLineError(run("compare", "--engines", "sbe:fix44-orders", "--out", out), 2,
                "fixbench: unknown profile 'fix44-orders' for engine sbe");
        assertOneLineError(run("compare", "--fail-on", "LOST", "--out", out), 2, "fixbench: --fail-on takes SATURATED");
        assertOneLineError(run("compare", "--engines", "tcp", "--sessions", "0", "--out", out), 2,
                "fixbench: --sessions must be 1-999 (was 0)");
        assertOneLineError(run("memory", "--engines", "nosuch"), 2, "fixbench: unknown engine 'nosuch' (available: ");
        assertOneLineError(run("memory", "--engines", "tcp", "--sessions", "0"), 2,
                "fixbench: --sessions must be 1-999 (was 0)");
        assertOneLineError(run("serve", "--engine", "tcp", "--port", "9999", "--sessions", "1000"), 2,
                "fixbench: --sessions must be 1-999 (was 1000)");
        assertOneLineError(run("diff", out, out, "--threshold", "NaN"), 2, "fixbench: --threshold must be a finite");
        assertOneLineError(run("diff", out, out, "--threshold", "2"), 2, "fixbench: --threshold 2 is ambiguous");
        assertOneLineError(run("diff", out, out, "--format", "xml"), 2, "fixbench: --format must be markdown or json");
        assertOneLineError(run("compare", "--warmup-rate", "fast", "--out", out), 2, "fixbench: bad rate 'fast'");
        assertOneLineError(run("compare", "--warmup-rate", "10k,20k", "--out", out), 2,
                "fixbench: --warmup-rate takes one rate");
        assertOneLineError(run("compare", "--warmup-rate", "2000000000", "--out", out), 2,
                "fixbench: rate must be a whole number of messages per second, at most 100m");
        assertOneLineError(run("serve", "--engine", "sbe", "--port", "9999", "--pin-cpu", "999"), 2,
                "fixbench: --pin-cpu must be a CPU of this machine");
        assertOneLineError(run("serve", "--engine", "sbe", "--port", "0"), 2,
                "fixbench: --port must be 1-65535, or 0 with --port-file");
        assertOneLineError(run("serve", "--port", "9999"), 2, "fixbench: Missing required option: '--engine");
        assertOneLineError(run("knee", "--engine", "tcp", "--slo", "p42=1ms", "--out", out), 2,
                "fixbench: --slo percentile must be one of");
        assertOneLineError(run("knee", "--engine", "tcp", "--slo", "p99=1ms", "--from", "5000", "--to", "100",
                "--out", out), 2, "fixbench: --from must be > 0 and --to at least --from");
        assertOneLineError(run("knee", "--engine", "tcp", "--slo", "p99=1ms", "--steps", "1", "--out", out), 2,
                "fixbench: --steps must be at least 2");
        assertOneLineError(run("compare", "--knee", "p99", "--out", out), 2, "fixbench: --knee takes PERCENTILE=DURATION");
        assertOneLineError(run("analyze", "engines", "sbe:tuned", "tcp:spin", out), 2,
                "fixbench: not a fixbench results folder");
        assertOneLineError(run("analyze", "fork-vs-inprocess", out), 2, "fixbench: no round-1-forked/");
        assertOneLineError(run("analyze"), 2, "fixbench: missing analysis");
        assertOneLineError(run("compare", "--profile", "perf", "--out", out), 2, "fixbench: --profile must be cpu");
        assertOneLineError(run("tune", "--engine", "sbe:tuned", "--vary", "idle=yield", "--floor", "sbe:tuned", "--out",
                out), 2, "fixbench: --floor must be a raw-TCP profile");
        assertOneLineError(run("tune", "--engine", "tcp:spin", "--vary", "mode=yield", "--out", out), 2,
                "fixbench: --engine: tune a FIX engine");
        assertOneLineError(run("tune", "--engine", "sbe:tuned", "--vary", "idle=yield", "--threshold", "2", "--out",
                out), 2, "fixbench: --threshold 2 is ambiguous");
        assertOneLineError(run("settings", "nosuch"), 2, "fixbench: unknown engine 'nosuch'");
        assertOneLineError(run("index", out + "/nowhere"), 2, "fixbench: not a folder");
        assertFalse(java.nio.file.Files.exists(Path.of(out)), "bad input makes no folder");
        assertOneLineError(run("diff", out), 2, "fixbench: Missing required parameter");
        assertFalse(Files.exists(tmp.resolve("never")), "nothing is created for a rejected command");
    }

    @Test
    void everyCommandExplainsItsOptions() {
        for (String[] command : new String[][] {{"compare"}, {"knee"}, {"diff"}, {"report"}, {"serve"}, {"calibrate"},
                {"example", "co"}, {"example", "in-context"}, {"example", "tcp-throughput"}}) {
            StringWriter out = new StringWriter();
            String[] args = java.util.Arrays.copyOf(command, command.length + 1);
            args[command.length] = "--help";
            int status = FixbenchCli.execute(args, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
            assertEquals(0, status, String.join(" ", command));
            assertTrue(out.toString().startsWith("Usage: fixbench " + String.join(" ", command)), out.toString());
            StringWriter version = new StringWriter();
            args[command.length] = "--version";
            assertEquals(0, FixbenchCli.execute(args, new PrintWriter(version, true),
                    new PrintWriter(new StringWriter(), true)));
            assertEquals("fixbench 0.1.0", version.toString().strip(), String.join(" ", command));
        }
    }

    @Test
    void anUnwritableOutputFolderIsOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertOneLineError(run("calibrate", "--out", file.resolve("sub").toString()), 2,
                "fixbench: cannot create output folder");
    }

    @Test
    void compareWritesReportSummaryAndEnvironmentAndNeverOverwrites() throws Exception {
        Path out = tmp.resolve("cmp");
        Outcome o = run("compare", "--engines", "tcp:yield", "--rates", "500", "--runs", "1", "--duration", "400ms",
                "--warmup", "100ms", "--warmup-cap", "0s", "--no-interleave", "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("## 500 msgs/s"), report);
        assertTrue(report.contains("- Run order: grouped"), report);
        // the harness's own floor, measured first (the other tests skip it: --no-harness-floor)
        assertTrue(report.matches("(?s).*\n- Harness floor \\(an empty task, 1 s at each rate\\): 500/s p50 [0-9.,]+ µs, "
                + "p99 [0-9.,]+ µs\n.*"), report);
        // OK, or ✗ when the test machine disturbed the run (short runs in a JVM still compiling): a report test
        assertTrue(report.matches("(?s).*\\| tcp:yield( ✗)? \\|.*"), report);
        assertTrue(report.contains("Command: `scripts/fixbench compare --engines tcp:yield"), report);
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode result = summary.get("results").get(0);
        assertEquals("tcp", result.get("engine").asText());
        assertEquals("yield", result.get("profile").asText());
        assertEquals(200, result.get("runs").get(0).get("received").asLong());
        JsonNode env = new ObjectMapper().readTree(out.resolve("environment.json").toFile());
        assertTrue(env.get("engines").get("tcp:yield").get("profileSha256").asText().matches("[0-9a-f]{64}"));
        assertTrue(env.has("clocksource") && env.has("cpuModel") && env.has("gitCommit") && env.has("jvmFlags"));
        assertTrue(env.get("cpu").has("family") && env.get("cpu").has("stepping"), env.get("cpu").toString());
        assertTrue(env.get("classpathJars").get("all").asText().matches("[0-9a-f]{64}"), "a hash of the jars");
        String md = Files.readString(out.resolve("report.md"));
        assertEquals(env.get("gitDirty").asBoolean(), md.startsWith("# fixbench comparison (from an uncommitted tree)"),
                "the title says when the tree was not committed: " + md.lines().findFirst().orElse(""));
        JsonNode firstResult = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results").get(0);
        assertTrue(firstResult.has("warmupEndedCompiling"), firstResult.fieldNames().toString());
        // the charts read the runs pooled at full precision from the log: every counted sample, up to the worst
        org.fixbench.cli.results.SummaryFile.Result loaded = org.fixbench.cli.results.SummaryFile.load(out).get(0);
        org.HdrHistogram.Histogram pooled = org.fixbench.cli.report.ChartData.pooled(out, loaded, "endToEnd");
        assertEquals(firstResult.get("runs").get(0).get("series").get("endToEnd").get("count").asLong(),
                pooled.getTotalCount());
        assertTrue(pooled.valuesAreEquivalent(pooled.getMaxValue(),
                firstResult.get("runs").get(0).get("series").get("endToEnd").get("max").asLong()));
        JsonNode jvms = firstResult.get("runs").get(0).get("cpuWait").get("jvms");
        if (jvms != null) { // where schedstat can be read: the client and the forked server, each with JIT and GC CPU
            assertEquals(2, jvms.size(), jvms.toString());
            assertEquals("server", jvms.get(1).get("role").asText());
            assertTrue(jvms.get(1).get("jitCpuNanos").asLong() >= 0);
        }
        assertTrue(Files.exists(out.resolve("hlog/tcp-yield-500/endToEnd.hlog")));
        assertFalse(Files.exists(out.resolve("tcp-yield-500.hlog")), "one form of log");

        Outcome again = run("compare", "--engines", "tcp:yield", "--rates", "500", "--runs", "1", "--duration",
                "400ms", "--no-harness-floor", "--out", out.toString());
        assertOneLineError(again, 2, "fixbench: output folder");
        assertTrue(again.err().contains("never overwritten"), again.err());
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertOneLineError(run("compare", "--engines", "tcp:yield", "--rates", "500", "--runs", "1", "--out",
                file.toString()), 2, "fixbench: output path " + file + " exists and is not a folder");
    }

    @Test
    @Tag("long") // two engines, two rounds, eight JVMs: 21 s (in the fast phase until 2026-12-02)
    void anInterleavedComparisonRunsRoundByRoundAndKeepsEachEnginesRunsTogether() throws Exception {
        Path out = tmp.resolve("interleaved");
        Outcome o = run("compare", "--engines", "tcp:yield,tcp:blocking", "--rates", "500", "--runs", "2",
                "--duration", "300ms", "--warmup", "100ms", "--warmup-cap", "0s", "--no-pin",
                "--no-harness-floor", "--out", out.toString()); // interleaved by default
        // 300 ms runs on a shared CI machine may read SATURATED (exit 1): a stall of 3 ms near a run's end is 1% of it
        assertTrue(o.status() == 0 || o.status() == 1, o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(2, results.size());
        for (org.fixbench.cli.results.SummaryFile.Result r : org.fixbench.cli.results.SummaryFile.load(out)) {
            assertEquals(2 * 150, org.fixbench.cli.report.ChartData.pooled(out, r, "endToEnd").getTotalCount(),
                    "the charts pool every counted run's samples, as the tables do: " + r.label());
        }
        JsonNode yield = results.get(0).get("runs");
        JsonNode blocking = results.get(1).get("runs");
        for (JsonNode runs : List.of(yield, blocking)) {
            assertEquals(2, runs.size());
            for (int k = 0; k < 2; k++) {
                assertEquals(k + 1, runs.get(k).get("run").asInt());
                assertEquals(150, runs.get(k).get("received").asLong());
                assertEquals(0, runs.get(k).get("lost").asLong());
            }
        }
        // round 1 of both engines (in a shuffled order), then round 2 of both
        long roundOneEnd = Math.max(yield.get(0).get("endEpochMillis").asLong(),
                blocking.get(0).get("endEpochMillis").asLong());
        long roundTwoStart = Math.min(yield.get(1).get("startEpochMillis").asLong(),
                blocking.get(1).get("startEpochMillis").asLong());
        assertTrue(roundOneEnd <= roundTwoStart, "runs in round order: " + results);
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("- Run order: interleaved"), report);
        assertTrue(report.matches("(?s).*\\| runs OK / DISTURBED / SATURATED / FAILED \\| \\d / \\d / \\d / 0 \\| "
                + "\\d / \\d / \\d / 0 \\|.*"), report);
        assertTrue(report.contains("(seed "), "the order's seed is in the report");
        assertTrue(report.contains("overhead vs tcp:yield at p50, paired"), "tcp:blocking is paired with the floor");
        assertTrue(report.matches("(?s).*\\| p50 of each run, lowest – highest \\| [0-9.,]+ – [0-9.,]+ \\| [0-9.,]+ – [0-9.,]+ \\|.*"),
                report);

        // the report made again from the folder is the comparison's own report, charts included
        Path again = tmp.resolve("again");
        Outcome rerendered = run("report", out.toString(), "--out", again.toString());
        assertEquals(0, rerendered.status(), rerendered.err());
        assertEquals(report, Files.readString(again.resolve("report.md")));
        try (java.util.stream.Stream<Path> charts = Files.list(out.resolve("charts"))) {
            for (Path chart : charts.toList()) {
                assertTrue(Files.isRegularFile(again.resolve("charts").resolve(chart.getFileName())), chart.toString());
            }
        }
        assertTrue(Files.isRegularFile(again.resolve("report.html")));
        // without charts (a published folder within its budget): the same tables, no chart drawn or embedded
        Path bare = tmp.resolve("bare");
        assertEquals(0, run("report", out.toString(), "--no-charts", "--out", bare.toString()).status());
        String bareReport = Files.readString(bare.resolve("report.md"));
        assertFalse(Files.exists(bare.resolve("charts")) || bareReport.contains(".png"), "no chart");
        assertTrue(report.contains(".png") && bareReport.contains("| runs OK / DISTURBED / SATURATED / FAILED |"),
                "the tables kept");
        assertOneLineError(run("report", out.toString(), "--no-charts", "--derived-files", "--out",
                tmp.resolve("both").toString()), 2, "fixbench: --no-charts and --derived-files");
        assertFalse(Files.exists(tmp.resolve("both")), "no folder made for it");
        assertOneLineError(run("report", out.toString(), "--out", again.toString()), 2, "fixbench: output folder");
        assertOneLineError(run("report", tmp.resolve("nothing").toString(), "--out", tmp.resolve("x").toString()), 2,
                "fixbench: not a fixbench results folder");
        assertFalse(Files.exists(tmp.resolve("x")), "no folder made for a report that cannot be made");
    }

    @Test
    @Tag("long")
    void aShortComparisonOfEveryEngineLosesNothing() throws Exception {
        Path out = tmp.resolve("all");
        // each engine once: the interleaved order, with a floor run beside each engine's, is
        // anInterleavedComparisonRunsRoundByRoundAndKeepsEachEnginesRunsTogether's (3 more runs of raw TCP, 8 s)
        Outcome o = run("compare", "--engines", "tcp:yield,quickfixj:tuned,quickfixj:published,philadelphia:yield,"
                + "artio:tuned,sbe:yield", "--rates", "300", "--runs", "1", "--duration", "500ms", "--warmup", "200ms", "--warmup-cap", "0s",
                "--no-pin", "--no-interleave", "--no-harness-floor", "--out", out.toString());
        assertTrue(o.status() == 0 || o.status() == 1, "ran to the end: " + o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(6, results.size());
        for (JsonNode r : results) {
            JsonNode run = r.get("runs").get(0);
            assertEquals(150, run.get("received").asLong(), r.get("name").asText());
            assertEquals(0, run.get("lost").asLong(), r.get("name").asText());
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("- Processes: forked"), "each run in processes of its own, and the report says so");
        assertTrue(report.contains("| 50% uncorrected (service time, from the actual send) |")
                || report.contains("uncorrected (service time, from the actual send)"),
                "uncorrected latencies beside the corrected ones");
        assertFalse(report.contains("a settling round: "), "fresh JVMs need no settling round");
        String serverRow = report.lines().filter(l -> l.startsWith("| server processing 50 (inside the server"))
                .findFirst().orElseThrow(() -> new AssertionError("a server-processing row beside the round trips"));
        assertEquals(1 + 6 + 1, serverRow.split("\\|", -1).length - 1, "a cell for every engine: " + serverRow);
        assertFalse(serverRow.contains("| - |"), "every engine's server measured its own processing: " + serverRow);
        for (String engine : new String[] {"tcp:yield", "quickfixj:tuned", "quickfixj:published", "philadelphia:yield",
                "artio:tuned", "sbe:yield"}) {
            assertTrue(report.contains(engine), engine);
        }
    }

    @Test
    void serveAnswersAQuickFixJClientOnTheGivenPortWithTheGivenCompIds() throws Exception {
        int port;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger(-1);
        Thread server = new Thread(() -> served.set(run("serve", "--engine", "philadelphia:yield", "--port",
                String.valueOf(port), "--sender-comp-id", "ISLD", "--target-comp-id", "TW", "--duration", "30s")
                .status()));
        server.start();
        Thread.sleep(500);
        org.fixbench.engine.EngineSpec qfj = org.fixbench.engine.EngineSpec.parse("quickfixj:tuned");
        java.util.concurrent.atomic.AtomicLong reports = new java.util.concurrent.atomic.AtomicLong();
        org.fixbench.engine.EngineSetup setup = new org.fixbench.engine.EngineSetup(qfj.profile(), qfj.profileFile(),
                tmp.resolve("client"), java.net.InetAddress.getLoopbackAddress(), port, "ISLD", "TW",
                org.fixbench.engine.ServerHooks.NONE, role -> { });
        try (org.fixbench.engine.EngineClient client = qfj.engine().client(setup)) {
            client.connect(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port),
                    new org.fixbench.engine.ReportListener() {
                        public void onExecutionReport(long clOrdId) { reports.incrementAndGet(); }
                        public void onDisconnect(String reason) { }
                    }, java.time.Duration.ofSeconds(3));
            for (int i = 1; i <= 20; i++) {
                client.send(i);
            }
            long until = System.currentTimeMillis() + 2_000;
            while (reports.get() < 20 && System.currentTimeMillis() < until) {
                Thread.sleep(10);
            }
        }
        assertEquals(20, reports.get());
        stopped(server, served);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"sbe:yield", "quickfixj:published"})
    void serveEchoSendsOrdersAndSecurityDefinitionsBackDropsPossResendDuplicatesAndRejectsTheRest(String engine)
            throws Exception {
        // the port the server writes once it listens (a fixed wait failed once on a loaded CI host: refused)
        Path portFile = tmp.resolve("echo-port-" + engine.replace(':', '-'));
        java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger(-1);
        Thread server = new Thread(() -> served.set(run("serve", "--engine", engine, "--port", "0", "--port-file",
                portFile.toString(), "--sender-comp-id", "ISLD", "--target-comp-id", "TW", "--app", "echo",
                "--duration", "30s").status()));
        server.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while ((!Files.exists(portFile) || Files.readString(portFile).isBlank()) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        int port = Integer.parseInt(Files.readString(portFile).trim());
        try (java.net.Socket socket = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(3_000);
            String time = java.time.LocalDateTime.now(java.time.ZoneOffset.UTC)
                    .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS"));
            String header = "|49=TW|56=ISLD|52=" + time + "|";
            String order = "1=ACCT-0001|11=E-1|21=1|38=1000|40=2|44=101.25|54=1|55=ACME|59=0|60=" + time + "|";
            java.io.InputStream in = socket.getInputStream();
            write(socket, "35=A|34=1" + header + "98=0|108=30|141=Y|");
            assertEquals("A", field(readMessage(in), 35));
            write(socket, "35=D|34=2" + header + order);
            String echo = readMessage(in);
            assertEquals("D", field(echo, 35), echo);
            assertEquals("E-1", field(echo, 11));
            assertEquals("101.25", field(echo, 44));
            write(socket, "35=D|34=3|97=Y" + header + order); // a PossResend duplicate: dropped
            write(socket, "35=d|34=4" + header + "320=R1|322=S1|323=1|55=ACME|");
            String definition = readMessage(in);
            assertEquals("d", field(definition, 35), "the duplicate was dropped; the definition echoed: " + definition);
            assertEquals("S1", field(definition, 322));
            write(socket, "35=B|34=5" + header + "148=headline|33=1|58=line|");
            String reject = readMessage(in);
            assertEquals("j", field(reject, 35), reject);
            assertEquals("3", field(reject, 380));
            assertEquals("B", field(reject, 372));
        }
        stopped(server, served);
    }

    /**
     * Stops a serve run in-process on {@code server} as Ctrl-C does (an interrupt of its thread; its --duration is
     * only a bound), and asserts that it ended in time with exit 0.
     */
    private static void stopped(Thread server, java.util.concurrent.atomic.AtomicInteger status)
            throws InterruptedException {
        server.interrupt();
        server.join(10_000);
        assertFalse(server.isAlive(), "serve stopped when its thread was interrupted");
        assertEquals(0, status.get(), "serve, interrupted, exits as stopped by Ctrl-C");
    }

    private static void write(java.net.Socket socket, String pipeBody) throws java.io.IOException {
        String body = pipeBody.replace('|', '\u0001');
        String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001";
        int sum = 0;
        for (char c : (head + body).toCharArray()) {
            sum += c;
        }
        socket.getOutputStream().write((head + body + String.format("10=%03d\u0001", sum % 256))
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    private static String readMessage(java.io.InputStream in) throws java.io.IOException {
        StringBuilder sb = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("connection closed after: " + sb);
            }
            sb.append((char) b);
            int trailer = sb.lastIndexOf("\u000110=");
            if (b == 1 && trailer >= 0 && sb.length() - trailer == 8) {
                return sb.toString().replace('\u0001', '|');
            }
        }
    }

    @Test
    void helpStatesTheDefaultsTheCommandsUse() {
        String help = new picocli.CommandLine(new FixbenchCli()).getSubcommands().get("compare").getUsageMessage();
        assertTrue(help.contains("compare " + Durations.format(Sweep.DEFAULT_RUN_NANOS) + ";"), help);
        assertTrue(help.contains("compare " + Durations.format(Sweep.DEFAULT_WARMUP_NANOS) + ";"), help);
    }

    @Test
    void aCompletedComparisonExitsZeroWhateverTheEnginesDidUnlessAskedToFail() throws Exception {
        // raw TCP cannot answer a million round trips a second: its runs are SATURATED, a finding, not an error
        // (100 ms runs, 300 ms until 2026-12-02: raw TCP sent 132,000/s of them here, and the test took 16.4 s, not 19.2)
        String[] args = {"compare", "--engines", "tcp:yield", "--rates", "1000000", "--runs", "1", "--duration",
                "100ms", "--warmup", "100ms", "--warmup-cap", "0s", "--no-pin", "--fork", "none",
                "--no-harness-floor", "--out", tmp.resolve("saturated").toString()};
        Outcome completed = run(args);
        assertEquals(0, completed.status(), completed.err());
        JsonNode run = new ObjectMapper().readTree(tmp.resolve("saturated/summary.json").toFile()).get("results").get(0)
                .get("runs").get(0);
        assertEquals("SATURATED", run.get("status").asText(), "the premise: " + run);
        args[args.length - 1] = tmp.resolve("saturated-fail-on").toString();
        String[] failOn = java.util.Arrays.copyOf(args, args.length + 2);
        failOn[args.length] = "--fail-on";
        failOn[args.length + 1] = "SATURATED";
        assertEquals(FixbenchCli.EXIT_FAILED_RUNS, run(failOn).status(), "--fail-on SATURATED turns it into exit 1");
    }

    private static String field(String message, int tag) {
        for (String f : message.split("\\|")) {
            if (f.startsWith(tag + "=")) {
                return f.substring(f.indexOf('=') + 1);
            }
        }
        return null;
    }

    @Test
    void sessionsOrAWorkloadAnEngineCannotServeAreRefusedInOneLine() throws Exception {
        Path home = tmp.resolve("home-one-session");
        Files.createDirectories(home.resolve("fix-configs/dying"));
        Files.writeString(home.resolve("fix-configs/dying/yield.properties"), "mode=yield\n");
        String previous = System.getProperty("fixbench.home");
        System.setProperty("fixbench.home", home.toString());
        try {
            String out = tmp.resolve("never").toString();
            assertOneLineError(run("compare", "--engines", "dying", "--sessions", "10", "--out", out), 2,
                    "fixbench: dying serves at most 1 session (asked for 10)");
            assertOneLineError(run("serve", "--engine", "dying", "--port", "9999", "--sessions", "2"), 2,
                    "fixbench: dying serves at most 1 session (asked for 2)");
            assertOneLineError(run("memory", "--engines", "dying", "--sessions", "1,2"), 2,
                    "fixbench: dying serves at most 1 session (asked for 2)");
            assertOneLineError(run("compare", "--engines", "dying", "--workload", "mixed:11", "--out", out), 2,
                    "fixbench: dying sends the fixed workload only (asked for mixed:11)");
        } finally {
            if (previous == null) {
                System.clearProperty("fixbench.home");
            } else {
                System.setProperty("fixbench.home", previous);
            }
        }
    }

    @Test
    void aServerThatDiesMidRunStopsTheComparisonWithAClearMessageAndKeepsTheResults() throws Exception {
        // 1.5 s: inside run 1 (of 2 s, after a 100 ms warm-up) with room for a slow start; at 700 ms a loaded CI host
        // once got only 76 replies in before the server died
        withDyingProfiles(tmp.resolve("home"), Map.of("yield", 1_500), () -> {
            Path out = tmp.resolve("dying");
            StringWriter err = new StringWriter();
            int status = FixbenchCli.execute(new String[] {"compare", "--engines", "dying", "--rates", "500,1000",
                    "--runs", "2", "--duration", "2s", "--warmup", "100ms", "--warmup-cap", "0s", "--no-pin", "--fork", "none",
                    "--no-harness-floor", "--out", out.toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, status, err.toString());
            assertTrue(err.toString().contains("comparison stopped early"), err.toString());
            assertTrue(err.toString().contains("session ended during the benchmark"), err.toString());
            String report = Files.readString(out.resolve("report.md"));
            assertTrue(report.contains("The comparison stopped early"), report);
            JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
            assertEquals(1, results.size(), "the second rate never started");
            JsonNode run = results.get(0).get("runs").get(0);
            assertEquals("FAILED", run.get("status").asText());
            assertTrue(run.get("received").asLong() > 100, "results so far are kept: " + run);
            // the client sees either an orderly close or a reset, depending on timing; both end the session
            assertTrue(run.get("reason").asText().contains("session ended during the benchmark"), run.toString());
        });
    }

    /**
     * An engine whose server dies is left out after its turn, and the comparison goes on with the others: each of
     * them runs every round, the report names what was left out and why, and the exit status says not all ran.
     */
    @Test
    void anEngineWhoseServerDiesIsLeftOutAndTheComparisonGoesOn() throws Exception {
        withDyingProfiles(tmp.resolve("home-left-out"), Map.of("yield", 1_500, "steady", 600_000), () -> {
            Path out = tmp.resolve("left-out");
            StringWriter err = new StringWriter();
            int status = FixbenchCli.execute(new String[] {"compare", "--engines", "dying:yield,dying:steady",
                    "--rates", "500", "--runs", "2", "--duration", "2s", "--warmup", "100ms", "--warmup-cap", "0s",
                    "--no-pin", "--fork", "none", "--no-harness-floor", "--out", out.toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, status, err.toString());
            assertTrue(err.toString().contains("left out after ending early, the comparison went on without it: "
                    + "dying:yield: "), err.toString());
            assertFalse(err.toString().contains("comparison stopped early"), err.toString());
            String report = Files.readString(out.resolve("report.md"));
            assertTrue(report.contains("**Left out after ending early:** dying:yield: "), report);
            JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
            java.util.Map<String, Integer> runs = new java.util.HashMap<>();
            results.forEach(r -> runs.put(r.get("profile").asText(), r.get("runs").size()));
            assertEquals(2, runs.get("steady"), "the engine still in ran every round: " + runs);
            assertEquals(1, runs.get("yield"), "the one left out: its run before the loss, kept: " + runs);
        });
    }

    /** Runs {@code body} with fixbench.home a home of dying profiles (each profile's dieAfterMillis), restored after. */
    private static void withDyingProfiles(Path home, Map<String, Integer> dieAfterMillis, Body body)
            throws Exception {
        Files.createDirectories(home.resolve("fix-configs/dying"));
        for (Map.Entry<String, Integer> profile : dieAfterMillis.entrySet()) {
            Files.writeString(home.resolve("fix-configs/dying/" + profile.getKey() + ".properties"),
                    "mode=yield\nclientReceiver=thread\ndieAfterMillis=" + profile.getValue() + "\n");
        }
        String previous = System.getProperty("fixbench.home");
        System.setProperty("fixbench.home", home.toString());
        try {
            body.run();
        } finally {
            if (previous == null) {
                System.clearProperty("fixbench.home");
            } else {
                System.setProperty("fixbench.home", previous);
            }
        }
    }

    private interface Body {
        void run() throws Exception;
    }
}
