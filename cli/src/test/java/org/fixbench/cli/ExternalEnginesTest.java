package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.engine.FixConfigs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engines outside the JVM, through the CLI: QuickFIX C++ and jspurefix side by side at a low rate, {@code check}
 * against QuickFIX C++, and the refusals that come before anything runs. {@code .ci/run} installs both engines and
 * sets {@code FIXBENCH_REQUIRE_EXTERNAL=1}, so there a missing one fails; elsewhere its tests are skipped, saying why.
 */
class ExternalEnginesTest {
    @TempDir
    Path tmp;

    private record Outcome(int status, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        java.io.PrintStream was = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            int status = FixbenchCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
            return new Outcome(status, out + printed.toString(java.nio.charset.StandardCharsets.UTF_8),
                    err.toString());
        } finally {
            System.setOut(was);
        }
    }

    /** Skips (or, where CI requires them, fails) when an engine's install is missing. */
    private static void requireInstalled(String file, String what) {
        boolean there = Files.exists(FixConfigs.root().getParent().resolve(file));
        if (!there && "1".equals(System.getenv("FIXBENCH_REQUIRE_EXTERNAL"))) {
            throw new AssertionError(what + " is not installed (" + file + "), and FIXBENCH_REQUIRE_EXTERNAL=1");
        }
        Assumptions.assumeTrue(there, what + " is not installed (" + file + "): .ci/run installs it");
    }

    @Test
    @Tag("long")
    void quickFixCppAndJspurefixAnswerEveryOrderBesideTheFloor() throws Exception {
        requireInstalled("engines/external/target/quickfix-executor", "QuickFIX C++'s executor");
        requireInstalled("engines/external/jspurefix/node_modules/jspurefix/package.json", "jspurefix");
        Path out = tmp.resolve("external");
        // each once, raw TCP beside them (--no-interleave: not a floor run beside each acceptor's)
        Outcome o = run("compare", "--engines", "tcp:yield,external:quickfix-cpp,external:jspurefix", "--rates", "300",
                "--runs", "1", "--duration", "1s", "--warmup", "200ms", "--warmup-cap", "0s", "--no-pin",
                "--no-interleave", "--no-harness-floor", "--out", out.toString());
        assertTrue(o.status() == 0 || o.status() == 1, "ran to the end: " + o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(3, results.size());
        for (JsonNode r : results) {
            JsonNode run = r.get("runs").get(0);
            assertEquals(300, run.get("received").asLong(), r.get("name").asText());
            assertEquals(0, run.get("lost").asLong(), r.get("name").asText());
        }
        String report = Files.readString(out.resolve("report.md"));
        String serverRow = report.lines().filter(l -> l.startsWith("| server processing 50 (inside the server"))
                .findFirst().orElseThrow(() -> new AssertionError("a server-processing row"));
        assertTrue(serverRow.endsWith("| - | - |"), "a black box's legs are not measured, not zero: " + serverRow);
        String cpuRow = report.lines().filter(l -> l.startsWith("| server CPU per order")).findFirst()
                .orElseThrow(() -> new AssertionError("a server CPU row"));
        assertFalse(cpuRow.contains("not measured"), "the acceptors' CPU is read from /proc: " + cpuRow);
        assertTrue(report.contains("QuickFIX C++ 1.15.1") && report.contains("jspurefix 5.11.4"),
                "each acceptor's version, as its own command prints it");
        assertTrue(report.contains("| samples beyond the trackable range (clamped) | 0 | 0 | 0 |"),
                "no leg read from hooks nobody called, so nothing clamped");
    }

    /**
     * Each acceptor's file store ({@code +store=file}): every order answered, the durability recorded as "file", the
     * store's files holding the session's messages while it ran (each executor lists them in the server's log before
     * its work folder goes), and nothing of them left after.
     */
    @Test
    @Tag("long")
    void eachAcceptorsFileStoreHoldsTheRunAndLeavesNothingBehind() throws Exception {
        requireInstalled("engines/external/target/quickfix-executor", "QuickFIX C++'s executor");
        requireInstalled("engines/external/jspurefix/node_modules/jspurefix/package.json", "jspurefix");
        Path out = tmp.resolve("stores");
        List<String> labels = List.of("external:quickfix-cpp+store=file", "external:jspurefix+store=file");
        List<Path> before;
        try (java.util.stream.Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            before = s.toList();
        }
        Outcome o = run("compare", "--engines", String.join(",", labels), "--rates", "300", "--runs", "1",
                "--duration", "1s", "--warmup", "200ms", "--warmup-cap", "0s", "--no-pin", "--no-interleave",
                "--no-harness-floor", "--out", out.toString());
        assertTrue(o.status() == 0 || o.status() == 1, "ran to the end: " + o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(2, results.size());
        for (JsonNode r : results) {
            assertEquals(0, r.get("runs").get(0).get("lost").asLong(), r.get("name").asText());
        }
        String report = Files.readString(out.resolve("report.md"));
        for (String label : labels) {
            assertTrue(report.lines().anyMatch(l -> l.startsWith("- " + label + ": ")
                    && l.endsWith("durability file (as its engine file says)")), label + "'s durability, as its file "
                    + "says, and said to be its word");
        }
        List<String> logs = new java.util.ArrayList<>();
        try (java.util.stream.Stream<Path> s = Files.list(out.resolve("server-logs"))) {
            for (Path log : s.toList()) {
                logs.add(Files.readString(log));
            }
        }
        // the order's report among the messages sent: the body holds more than a Logon and a Logout
        java.util.regex.Pattern body = java.util.regex.Pattern.compile(
                "store at (logout|stop):.*FIX\\.4\\.4-FIXBENCH-SERVER-FIXBENCH-CLIENT\\.body (\\d+) bytes");
        for (String name : new String[] {"quickfix-cpp", "jspurefix"}) {
            long bytes = logs.stream().filter(l -> l.contains("[" + name + " stdout]")).flatMap(String::lines)
                    .map(body::matcher).filter(java.util.regex.Matcher::find)
                    .mapToLong(m -> Long.parseLong(m.group(2))).max()
                    .orElseThrow(() -> new AssertionError(name + " listed no store: " + logs));
            assertTrue(bytes > 10_000, name + "'s store held " + bytes + " bytes of messages");
        }
        try (java.util.stream.Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            List<Path> left = s.filter(p -> !before.contains(p)).filter(p -> {
                try (java.util.stream.Stream<Path> w = Files.walk(p)) {
                    return w.anyMatch(f -> f.getFileName().toString().endsWith(".body"));
                } catch (java.io.IOException | java.io.UncheckedIOException e) {
                    return false;
                }
            }).toList();
            assertEquals(List.of(), left, "no store left behind");
        }
    }

    /**
     * QuickFIX C++ with orders resting (quickfix-cpp-lifecycle), on 4 sessions, each order's whole life: a New, a
     * replace, a cancel, each answered by its own report (no reject allowed: cancelRejectPercent=0), each in the
     * series of its type. Before: the executor answered NewOrderSingles only.
     */
    @Test
    @Tag("long")
    void quickFixCppAnswersEachOrdersWholeLifeOnManySessions() throws Exception {
        requireInstalled("engines/external/target/quickfix-executor", "QuickFIX C++'s executor");
        Path out = tmp.resolve("lifecycle");
        Outcome o = run("compare", "--engines", "external:quickfix-cpp-lifecycle", "--sessions", "4", "--workload",
                "lifecycle", "--rates", "600", "--runs", "1", "--duration", "1s", "--warmup", "200ms", "--warmup-cap",
                "0s", "--no-pin", "--no-harness-floor", "--out", out.toString());
        assertTrue(o.status() == 0 || o.status() == 1, "ran to the end: " + o.err());
        JsonNode run = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results").get(0)
                .get("runs").get(0);
        assertEquals(600, run.get("received").asLong(), run.toString());
        assertEquals(0, run.get("lost").asLong());
        for (String type : List.of("D NewOrderSingle", "F OrderCancelRequest", "G OrderCancelReplaceRequest")) {
            JsonNode series = run.get("series").get(org.fixbench.engine.RoundTripTask.REQUEST_PREFIX + type);
            assertTrue(series != null && series.get("count").asLong() == 200, type + ": " + series);
        }
        assertTrue((Files.readString(out.resolve("environment.json")) + Files.readString(out.resolve(
                "summary.json"))).contains("4 session(s), FIXBENCH-CLIENT-1 -> "
                + "FIXBENCH-SERVER to FIXBENCH-CLIENT-4 -> FIXBENCH-SERVER"), "named");
    }

    @Test
    @Tag("long")
    void checkShowsQuickFixCppAnsweringTheOrder() {
        requireInstalled("engines/external/target/quickfix-executor", "QuickFIX C++'s executor");
        Outcome o = run("check", "--engine", "external:quickfix-cpp", "--wait", "300ms");
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("version: QuickFIX C++ 1.15.1"), o.out());
        assertTrue(o.out().contains("<- received ExecutionReport (35=8)") && o.out().contains("READY: "), o.out());
        // an acceptor of many sessions is started as a comparison starts it ({n} in its CompIDs), checked by the
        // first: it was started with session 1's CompID, and refused it ("must be 1, or more with {n} in TARGET")
        o = run("check", "--engine", "external:quickfix-cpp-lifecycle", "--wait", "300ms");
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("FIXBENCH-CLIENT-1 -> FIXBENCH-SERVER") && o.out().contains("READY: "), o.out());
    }

    @Test
    @Tag("long")
    void quickFixCppAnswersOverFix42AndFixt11() {
        requireInstalled("engines/external/target/quickfix-executor", "QuickFIX C++'s executor");
        Outcome o = run("check", "--engine", "external:quickfix-cpp+beginString=FIX.4.2", "--wait", "300ms");
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("8 BeginString            FIX.4.2") && o.out().contains("READY: "), o.out());
        o = run("check", "--engine", "external:quickfix-cpp+beginString=FIXT.1.1+logonFields=1137=9", "--wait",
                "300ms");
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("8 BeginString            FIXT.1.1") && o.out().contains("1137 DefaultApplVerID")
                && o.out().contains("READY: "), o.out());
    }

    @Test
    @Tag("long")
    void anAcceptorThatDiesMidRunFailsTheRunAndItsOrdersAreCountedLost() throws Exception {
        requireInstalled("engines/external/target/quickfix-executor", "QuickFIX C++'s executor");
        Path file = tmp.resolve("dying-quickfix.properties");
        // QuickFIX C++, killed 7 s after it starts: after the warm-up, inside the 10 s run
        Files.writeString(file, "command=timeout -s KILL 7 {home}/engines/external/target/quickfix-executor "
                + "{home}/fix-configs/external/quickfix-cpp/tuned.cfg {port} {serverCompId} {clientCompId} "
                + "{beginString}\nclientCompId=FIXBENCH-CLIENT\nserverCompId=FIXBENCH-SERVER\nidle=yield\n");
        Path out = tmp.resolve("dying");
        Outcome o = run("compare", "--engines", "external:" + file, "--rates", "500", "--runs", "1", "--duration",
                "10s", "--warmup", "500ms", "--warmup-cap", "0s", "--no-pin",
                "--no-harness-floor", "--out", out.toString());
        assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, o.status(), "stopped early, results kept: " + o.err());
        JsonNode r = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results").get(0);
        String abort = r.path("abortReason").asText();
        assertTrue(abort.contains("session ended during the benchmark")
                && abort.contains("the acceptor exited with status 137"), "the acceptor's death named: " + abort);
        assertTrue(r.get("runs").get(0).get("lost").asLong() + r.get("runs").get(0).get("received").asLong()
                == r.get("runs").get(0).get("sent").asLong(), "every order answered or counted lost: " + r);
        assertTrue(Files.readString(out.resolve("report.md")).contains("FAILED"), "the run is FAILED");
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("")
                .contains(file.getFileName().toString()) || p.info().command().orElse("").endsWith(
                "quickfix-executor") && p.info().commandLine().orElse("").contains(" 7 ")), "nothing left");
    }

    @Test
    void anEngineFileWhoseAcceptorIsNotInstalledIsRefusedBeforeAnythingRuns() throws Exception {
        Path file = tmp.resolve("gw.properties");
        Files.writeString(file, "command=gw {port}\nrequires=no/such/gateway\ninstall=apt-get install -y gw\n"
                + "clientCompId=ME\nserverCompId=GW\n");
        Outcome o = run("compare", "--engines", "external:" + file, "--out", tmp.resolve("never").toString());
        assertEquals(2, o.status(), o.err());
        assertEquals("fixbench: gw is not installed (no/such/gateway is missing): apt-get install -y gw",
                o.err().strip());
        Files.writeString(file, "clientCompId=ME\nserverCompId=GW\n");
        o = run("compare", "--engines", "external:" + file, "--out", tmp.resolve("never").toString());
        assertEquals("fixbench: engine file " + file + ": no command to start the acceptor and no address where it "
                + "runs: give one, or --server HOST:PORT", o.err().strip());
        Files.writeString(file, "clientCompId=ME\nserverCompId=GW\ncolour=red\n");
        o = run("check", "--engine", "external:" + file);
        assertTrue(o.err().strip().startsWith("fixbench: engine file " + file + ": unknown key 'colour'")
                && o.err().strip().lines().count() == 1, o.err());
        o = run("check", "--engine", "external:" + tmp.resolve("nope.properties"));
        assertTrue(o.err().strip().startsWith("fixbench: engine external: no file ") && o.err().strip().lines()
                .count() == 1, o.err());
        assertFalse(Files.exists(tmp.resolve("never")));
    }

    @Test
    void theDefaultComparisonLeavesTheExternalEnginesOut() {
        assertTrue(org.fixbench.cli.flow.Comparison.defaultEngines().stream().noneMatch(s -> s.engine().name().equals("external")));
    }
}
