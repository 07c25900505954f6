package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.ForkedRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benchmarks in processes of their own: a forked run measures, its legs included, and leaves nothing behind; a
 * server that refuses or speaks another language ends the benchmark with the reason. All in the long phase (since
 * 2026-12-02; 38 s of the fast phase's 412 s were its five fast tests, each JVMs of its own): every comparison of the
 * fast phase forks its benchmarks too, so the fast phase still runs the default path end to end.
 */
@Tag("long")
class ForkedRunTest {
    @TempDir
    Path tmp;

    private static int run(StringWriter out, StringWriter err, String... args) {
        return FixbenchCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static long children() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count();
    }

    private static List<Path> forkFolders() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("fixbench-fork-")).toList();
        }
    }

    @Test
    void aForkedComparisonMeasuresTheLegsAndLeavesNothingBehind() throws Exception {
        List<Path> before = forkFolders();
        Path out = tmp.resolve("forked");
        StringWriter err = new StringWriter();
        int status = run(new StringWriter(), err, "compare", "--engines", "tcp:yield,sbe:yield", "--rates", "500",
                "--runs", "1", "--duration", "1s", "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin",
                "--no-harness-floor", "--out", out.toString());
        assertEquals(0, status, err.toString());
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        for (JsonNode result : summary.get("results")) {
            JsonNode run = result.get("runs").get(0);
            assertEquals(run.get("sent").asLong(), run.get("received").asLong());
            assertTrue(result.get("processes").asText().startsWith("forked"), result.toString());
            JsonNode legs = run.get("series");
            assertTrue(legs.get("server processing").get("count").asLong() > 0,
                    "the server's processing is measured across processes: " + legs);
            assertTrue(legs.get("client->server").get("count").asLong() > 0);
            // both JVMs logged their pauses; the measured run's are summarised per role, the logs kept beside
            JsonNode pauses = result.get("jvmPauses");
            assertEquals(2, pauses.size(), result.toString());
            assertEquals("server", pauses.get(0).get("role").asText());
            assertEquals("client", pauses.get(1).get("role").asText());
            String stem = org.fixbench.harness.results.ResultsWriter.safeName(result.get("name").asText());
            assertTrue(Files.readString(out.resolve("jvm-logs").resolve(stem + "-server.log")).contains("Using "),
                    "the server JVM's own log is kept");
            assertTrue(Files.isRegularFile(out.resolve("jvm-logs").resolve(stem + "-client.log")));
        }
        assertTrue(Files.readString(out.resolve("report.md")).contains("Forked server: `"), "the command is recorded");
        assertTrue(Files.readString(out.resolve("report.md")).contains("JVM stop-the-world pauses, ms: server / client"));
        // --no-harness-floor: not measured, and said so (CliTest's compareWrites... reads the floor measured)
        assertTrue(Files.readString(out.resolve("report.md")).contains("\n- Harness floor: not measured: "
                + "--no-harness-floor\n"));
        assertFalse(new ObjectMapper().readTree(out.resolve("environment.json").toFile()).has("harnessFloorNanos"));
        assertEquals(0, children(), "no forked process left");
        assertEquals(before, forkFolders(), "no temporary folder left");
    }

    @Test
    void aForkedServerProcessThatDiesEndsTheBenchmarkWithTheReasonAndKeepsWhatWasMeasured() throws Exception {
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve("fix-configs/dying"));
        Files.copy(Path.of(System.getProperty("fixbench.home", "..")).resolve("fix-configs/README.md"),
                home.resolve("fix-configs/README.md"));
        // the server's JVM starts some hundreds of ms before the client's: it dies in the middle of the run
        Files.writeString(home.resolve("fix-configs/dying/yield.properties"),
                "mode=yield\nclientReceiver=thread\ndieAfterMillis=2500\nhaltProcess=true\n");
        String previous = System.getProperty("fixbench.home");
        System.setProperty("fixbench.home", home.toString());
        try {
            Path out = tmp.resolve("dying");
            StringWriter err = new StringWriter();
            int status = run(new StringWriter(), err, "compare", "--engines", "dying", "--rates", "500", "--runs", "1",
                    "--duration", "4s", "--warmup", "100ms", "--warmup-cap", "0s", "--no-pin",
                    "--no-harness-floor", "--out",
                    out.toString()); // no settling: the server dies in the run, not in the warm-up
            assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, status, err.toString());
            assertTrue(err.toString().contains("session ended during the benchmark"), err.toString());
            JsonNode run = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results").get(0)
                    .get("runs").get(0);
            assertEquals("FAILED", run.get("status").asText());
            assertTrue(run.get("received").asLong() > 100, "what was measured is kept: " + run);
        } finally {
            if (previous == null) {
                System.clearProperty("fixbench.home");
            } else {
                System.setProperty("fixbench.home", previous);
            }
        }
        assertEquals(0, children(), "no forked process left");
    }

    private static ProcessBuilder fixbench(String... args) {
        return fixbench(List.of(), args);
    }

    /**
     * {@code fixbench ARGS} in a JVM of its own, with C1 alone, which every JVM it forks inherits: for the tests of
     * signals, which assert what is kept and what is left, never a latency or an allocation. Compiling with C2 took
     * about a CPU of the two in each new JVM's first seconds, beside the load.
     */
    private static ProcessBuilder fixbenchC1Only(String... args) {
        return fixbench(List.of("-XX:TieredStopAtLevel=1"), args);
    }

    private static ProcessBuilder fixbench(List<String> flags, String... args) {
        List<String> command = new java.util.ArrayList<>(ForkedRun.javaCommand(flags));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true);
    }

    @Test
    void aSecondMeasuringCommandRefusesToStartWhileOneRuns() throws Exception {
        assertEquals(null, BenchmarkSession.acquireMeasuringLock(false), "this JVM measures");
        try {
            Process other = fixbench("calibrate", "--rate", "1000", "--runs", "1", "--duration", "200ms", "--out",
                    tmp.resolve("second").toString()).redirectOutput(tmp.resolve("second.log").toFile()).start();
            assertTrue(other.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            String log = Files.readString(tmp.resolve("second.log"));
            assertEquals(3, other.exitValue(), log);
            assertTrue(log.contains("another fixbench measuring command is running"), log);
        } finally {
            BenchmarkSession.releaseMeasuringLock();
        }
    }

    /** Every work folder and file of any fixbench process, in the temporary folder and /dev/shm. */
    private static java.util.Set<String> workFolders() throws Exception {
        java.util.Set<String> all = new java.util.TreeSet<>();
        for (Path parent : new Path[] {Path.of(System.getProperty("java.io.tmpdir")), Path.of("/dev/shm")}) {
            if (Files.isDirectory(parent)) {
                try (Stream<Path> s = Files.list(parent)) {
                    s.map(p -> p.toString()).filter(n -> n.contains("/fixbench-") && !n.endsWith(".lock"))
                            .forEach(all::add);
                }
            }
        }
        return all;
    }

    @Test
    @Tag("long")
    void ctrlCDuringAnArtioComparisonLeavesNoWorkFolderAtAnyMoment() throws Exception {
        java.util.Set<String> before = workFolders();
        // warm-up, measuring, between runs (the first run's summary printed, the next round not begun)
        for (String moment : new String[] {"warm-up - elapsed", "Warm up complete", "Run 1 of 1:"}) {
            Path out = tmp.resolve("interrupted-" + moment.hashCode());
            Path log = tmp.resolve("interrupted-" + moment.hashCode() + ".log");
            Process compare = fixbenchC1Only("compare", "--engines", "artio:tuned", "--rates", "1000", "--runs", "2",
                    "--duration", "1s", "--warmup", "500ms", "--warmup-cap", "0s", "--no-pin",
                    "--no-harness-floor", "--out", out.toString())
                    .redirectOutput(log.toFile()).start();
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (!Files.readString(log).contains(moment) && compare.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(compare.isAlive(), "still running at '" + moment + "': " + Files.readString(log));
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(compare.pid())).start().waitFor());
            assertTrue(compare.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "it ends");
            Thread.sleep(200);
            java.util.Set<String> left = workFolders();
            left.removeAll(before);
            assertEquals(java.util.Set.of(), left, "left behind after Ctrl-C at '" + moment + "'");
            assertEquals(0, children(), "no forked process left");
        }
    }

    @Test
    @Tag("long")
    void aComparisonStoppedBySigtermKeepsWhatItMeasuredAndSaysItIsPartial() throws Exception {
        Path out = tmp.resolve("stopped");
        Path log = tmp.resolve("stopped.log");
        Process compare = fixbenchC1Only("compare", "--engines", "tcp:yield,sbe:yield", "--rates", "500", "--runs", "5",
                "--duration", "1s", "--warmup", "200ms", "--warmup-cap", "0s", "--no-pin",
                "--no-harness-floor", "--out", out.toString())
                .redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!Files.readString(log).contains("round 3/5") && compare.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        compare.destroy(); // SIGTERM
        assertTrue(compare.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "it ends");
        String output = Files.readString(log);
        assertTrue(Files.exists(out.resolve("report.md")), output.substring(Math.max(0, output.length() - 3000)));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.startsWith("# fixbench comparison (PARTIAL: interrupted)"), report.lines().findFirst().get());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertTrue(results.size() >= 2 && results.get(0).get("runs").size() >= 2,
                "the rounds measured before the signal are kept: " + results.size());
        assertEquals(0, children(), "no forked process left");
    }

    @Test
    void aServerThatRefusesEndsTheBenchmarkWithTheReason() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        StringWriter err = new StringWriter();
        int status = run(new StringWriter(), err, "compare", "--engines", "sbe:yield", "--server", "127.0.0.1:" + port,
                "--rates", "500", "--runs", "1", "--duration", "1s", "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin",
                "--connect-timeout", "2s", "--no-harness-floor", "--out", tmp.resolve("refused").toString());
        assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, status, err.toString());
        assertTrue(err.toString().contains("stopped early"), err.toString());
        assertTrue(Files.exists(tmp.resolve("refused").resolve("summary.json")), "what there is, is written");
        assertEquals(0, children(), "no forked process left");
    }

    @Test
    void aServerWithOtherCompIdsEndsTheBenchmarkWithTheReason() throws Exception {
        Path portFile = tmp.resolve("port");
        Thread server = new Thread(() -> run(new StringWriter(), new StringWriter(), "serve", "--engine", "sbe:yield",
                "--port", "0", "--port-file", portFile.toString(), "--sender-comp-id", "OTHER", "--duration", "30s"));
        server.setDaemon(true);
        server.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!Files.exists(portFile) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        StringWriter err = new StringWriter();
        int status = run(new StringWriter(), err, "compare", "--engines", "sbe:yield", "--server",
                "127.0.0.1:" + Files.readString(portFile).trim(), "--rates", "500", "--runs", "1", "--duration", "1s",
                "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin", "--connect-timeout", "3s",
                "--no-harness-floor", "--out", tmp.resolve("compids").toString());
        assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, status, err.toString());
        assertTrue(err.toString().toLowerCase(java.util.Locale.ROOT).contains("logon")
                || err.toString().contains("CompID"), err.toString());
        assertEquals(0, children(), "no forked process left");
        server.interrupt(); // serve stops as with Ctrl-C: its yielding thread spins no longer beside the next test
        server.join(10_000);
        assertFalse(server.isAlive(), "serve stopped when its thread was interrupted");
    }
}
