package org.fixbench.cli;

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
import org.fixbench.cli.scenario.serverrestart.ServerRestartTable;
import org.fixbench.cli.scenario.slowconsumer.SlowConsumerTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scenario slow-consumer} end to end, forked, at a low rate with yielding profiles: a server that writes each
 * report whole on its one thread (raw TCP with a small send buffer: planted) holds up every session while one does
 * not read, and the scenario says so; sbe's acceptor holds the slow session back and serves the others; no order is
 * lost either way. Bad input is refused in one line.
 */
class ScenarioTest {
    @TempDir
    Path tmp;

    private record Outcome(int status, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = FixbenchCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    private static void assertOneLine(Outcome o, String expectedStart) {
        assertEquals(2, o.status(), o.err());
        String[] lines = o.err().strip().split("\n");
        assertEquals(1, lines.length, o.err());
        assertTrue(lines[0].startsWith("fixbench: " + expectedStart), o.err());
    }

    /**
     * The slow session is a plain client of its own that stops reading its socket; raw TCP's many-session server is a
     * single thread that loops on a write until it completes ({@code Frames.writeFully}): planted twice, with its
     * defaults (its send buffer autotuned, up to tcp_wmem's 4 MB, filled within the stall by a slow client at
     * 20,000/s) and with a 4 KB send buffer (at 2,000/s: at 20,000/s that server never leaves the slow client's
     * connection, which always has another order, and the others are never served, not even in the warm-up). Both must
     * read "held up the others"; sbe, which never blocks its thread on one connection, must read "isolated".
     */
    @Test
    @Tag("long")
    void aServerThatLoopsOnAWriteToASlowClientIsCaughtAndSbeServesTheOthers() throws Exception {
        Path out = tmp.resolve("slow");
        Outcome o = run("scenario", "slow-consumer", "--engines", "tcp:yield,sbe:yield", "--sessions", "2", "--rates",
                "20100", "--slow-rate", "20000", "--runs", "1", "--stall", "3s", "--warmup", "300ms", "--warmup-cap",
                "0s", "--no-pin", "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        Path smallOut = tmp.resolve("slow-small-buffer");
        Outcome small = run("scenario", "slow-consumer", "--engines", "tcp:yield+serverSendBufferBytes=4096",
                "--sessions", "2", "--rates", "2100", "--slow-rate", "2000", "--runs", "1", "--stall", "2s", "--warmup",
                "300ms", "--warmup-cap", "0s", "--no-pin", "--out", smallOut.toString());
        assertEquals(0, small.status(), small.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(2, results.size());
        for (JsonNode result : results) {
            JsonNode runs = result.get("runs");
            assertEquals(2, runs.size(), result.get("name").asText());
            for (JsonNode run : runs) {
                assertEquals(run.get("sent").asLong(), run.get("received").asLong(), "every order of the others "
                        + "answered");
                assertEquals(0, run.get("lost").asLong());
            }
            JsonNode seen = result.get(SlowConsumerTable.SCENARIO_RUNS);
            assertEquals(2, seen.size(), result.toString());
            assertEquals(2, seen.get(0).get(SlowConsumerTable.RUN).asInt() + seen.get(1).get(SlowConsumerTable.RUN)
                    .asInt() - 1, "runs 1 and 2 both watched");
            assertTrue(seen.get(0).get(SlowConsumerTable.STALLED).asBoolean()
                    ^ seen.get(1).get(SlowConsumerTable.STALLED).asBoolean(), "one run of the pair stalled");
            for (JsonNode s : seen) {
                assertTrue(s.get(SlowConsumerTable.SLOW_FOUND).asBoolean(), "the slow client logged on: " + s);
                assertTrue(s.get(SlowConsumerTable.SLOW_CLIENT).asBoolean(), s.toString());
                assertTrue(s.get(SlowConsumerTable.SLOW_SENT).asLong() > 20_000, "the slow client sent: " + s);
            }
        }
        List<SlowConsumerTable.Row> rows = new java.util.ArrayList<>(SlowConsumerTable.of(
                org.fixbench.harness.results.ResultsReader.read(out).results()));
        rows.addAll(SlowConsumerTable.of(org.fixbench.harness.results.ResultsReader.read(smallOut).results()));
        Map<String, SlowConsumerTable.Row> byEngine = new java.util.HashMap<>();
        rows.forEach(r -> byEngine.put(r.engine(), r));
        SlowConsumerTable.Row defaults = byEngine.get("tcp:yield");
        SlowConsumerTable.Row planted = byEngine.get("tcp:yield+serverSendBufferBytes=4096");
        SlowConsumerTable.Row sbe = byEngine.get("sbe:yield");
        for (SlowConsumerTable.Row looping : List.of(defaults, planted)) {
            assertTrue(looping.verdict().contains("held up the others"), looping.verdict());
            assertFalse(looping.verdict().contains("isolated"), looping.verdict());
            // blocked from when the server's send buffer filled (inside the 3 s stall) until the stall ended
            assertTrue(looping.pairs().get(0).othersWorstStallNanos() > 500_000_000L, looping.toString());
            assertEquals(0, looping.othersLost(), looping.toString());
        }
        assertTrue(sbe.pairs().get(0).othersWorstStallNanos() < 300_000_000L,
                "sbe answers the others while one session does not read: " + sbe);
        assertTrue(sbe.verdict().contains("isolated the slow session"), sbe.verdict());
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("| tcp:yield | 100/s + 20,000/s | 2 | 3.0 s | "), report);
        assertTrue(report.contains("| sbe:yield | 100/s + 20,000/s | 2 | 3.0 s | "), report);
        assertTrue(report.contains("| TCP retransmission timeouts quiet / stall |"), report);
        // `fixbench report` makes the same report again from the folder, charts included
        Path again = tmp.resolve("again");
        Outcome r = run("report", out.toString(), "--out", again.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(report, Files.readString(again.resolve("report.md")));
        assertTrue(Files.isRegularFile(again.resolve("charts/stall-sbe_yield-100.png")));
    }

    @Test
    @Tag("long")
    void aBurstIsMeasuredForTcpAndSbeWithEveryOrderAnswered() throws Exception {
        Path out = tmp.resolve("burst");
        Outcome o = run("scenario", "burst", "--engines", "tcp:yield,sbe:yield", "--rates", "1000", "--runs", "1",
                "--burst", "500ms", "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin", "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(2, results.size());
        for (JsonNode result : results) {
            JsonNode runs = result.get("runs");
            assertEquals(1, runs.size(), result.get("name").asText());
            // 2 s at 1,000/s, 0.5 s at 10,000/s, 3 s at 1,000/s
            assertEquals(10_000, runs.get(0).get("sent").asLong());
            assertEquals(10_000, runs.get(0).get("received").asLong(), "every order answered");
            JsonNode seen = result.get(org.fixbench.cli.scenario.burst.BurstTable.SCENARIO_RUNS).get(0);
            // the mean rate, 10,000 orders over 5.5 s, is whole only rounded (1,818/s): the schedule stretches by that
            assertEquals(2e9 * (10_000 / 5.5) / 1_818,
                    seen.get(org.fixbench.cli.scenario.burst.BurstTable.BURST_START_NANOS).asLong(), 1);
            assertEquals(2.5e9 * (10_000 / 5.5) / 1_818,
                    seen.get(org.fixbench.cli.scenario.burst.BurstTable.BURST_END_NANOS).asLong(), 1);
            int burstWindows = seen.get(org.fixbench.cli.scenario.burst.BurstTable.BURST_WINDOWS).asInt();
            assertTrue(burstWindows == 50 || burstWindows == 51, "0.5 s of 10 ms windows, stretched: " + burstWindows);
            assertEquals(0, seen.get(org.fixbench.cli.scenario.burst.BurstTable.LOST).asInt());
            assertTrue(seen.get(org.fixbench.cli.scenario.burst.BurstTable.PRE_P99_NANOS).asLong() > 0, seen.toString());
            int windows = seen.get(org.fixbench.cli.scenario.burst.BurstTable.WINDOW_P50_NANOS).size();
            assertTrue(windows == 550 || windows == 551, "5.5 s of 10 ms, stretched: " + windows);
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.startsWith("# fixbench scenario: burst"), report);
        assertTrue(report.contains("| tcp:yield | 1,000 → 10,000/s for 500 ms |"), report);
        assertTrue(report.contains("| sbe:yield | 1,000 → 10,000/s for 500 ms |"), report);
        assertTrue(Files.exists(out.resolve("charts/burst-tcp_yield-1000.png")));
        assertTrue(Files.exists(out.resolve("charts/burst-sbe_yield-1000.png")));
        // the report made again from the folder is the same
        Path again = tmp.resolve("burst-again");
        Outcome r = run("report", out.toString(), "--out", again.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(report, Files.readString(again.resolve("report.md")));
    }

    @Test
    @Tag("long")
    void aGapIsLostByRawTcpAndResentBySbe() throws Exception {
        Path out = tmp.resolve("storm");
        // 2 s after the gap (the default 5 s; the allocation around it is read 2 s after it) and 2 s for the orders
        // never answered (5 s): the assertions read the gap and its resend, done within a second of its end
        Outcome o = run("scenario", "resend-storm", "--engines", "tcp:yield,sbe:yield,sbe:yield+replayLoadsRange=Y",
                "--rates", "1000", "--runs", "1", "--gap", "500ms", "--after-gap", "2s", "--sample-timeout", "2s", "--warmup",
                "300ms", "--warmup-cap", "2s", "--no-pin", "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(3, results.size());
        Map<String, JsonNode> seen = new java.util.HashMap<>();
        java.util.Set<String> remeasured = new java.util.HashSet<>();
        for (JsonNode result : results) {
            JsonNode runs = result.get(SlowConsumerTable.SCENARIO_RUNS);
            assertEquals(1, runs.size(), result.toString());
            seen.put(result.get(SlowConsumerTable.ENGINE_LABEL).asText(), runs.get(0));
            for (JsonNode run : result.get("runs")) {
                if (run.has("remeasured")) {
                    remeasured.add(result.get(SlowConsumerTable.ENGINE_LABEL).asText());
                }
            }
        }
        JsonNode tcp = seen.get("tcp:yield");
        JsonNode sbe = seen.get("sbe:yield");
        // a practice gap in the warm-up compiles sbe's resend paths; raw TCP, which has none, gets none (it lost 20
        // orders and held a warm-up pass 2 s, until 2026-12-03)
        assertEquals(20, sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.PRACTICE_GAP_ORDERS).asInt());
        assertEquals(0, tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.PRACTICE_GAP_ORDERS).asInt());
        // 2 s at 1,000/s, the 0.5 s gap, 2 s after it (--after-gap)
        assertEquals(4_500, tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.ORDERS).asLong(), tcp.toString());
        // about 500 orders due in the 0.5 s gap at 1,000/s (the gap's edges are the relay's timer's)
        long tcpGap = tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.GAP_ORDERS).asLong();
        assertTrue(tcpGap > 400 && tcpGap < 600, tcp.toString());
        // raw TCP has no session layer: every order the relay dropped, or whose answer it dropped, is lost and
        // counted, and no other. The gap's orders are counted by due time and the relay's edges by send time, so an
        // order due just before the gap's end but sent after it may get through (CI at 797c7ab: 500 of 501 lost).
        assertEquals(tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST_TO_SERVER).asLong()
                + tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST_TO_CLIENT).asLong(),
                tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST).asLong(), tcp.toString());
        long tcpGapLost = tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.GAP_ORDERS_LOST).asLong();
        assertTrue(tcpGapLost >= tcpGap - 2 && tcpGapLost <= tcpGap, tcp.toString());
        assertEquals(0, tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.DUPLICATE_ANSWERS).asLong());
        assertEquals(0, tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.RESENT_TO_SERVER).asLong());
        long sbeGap = sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.GAP_ORDERS).asLong();
        assertTrue(sbeGap > 400 && sbeGap < 600, sbe.toString());
        assertEquals(0, sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST).asLong(), "sbe resent the gap");
        assertEquals(0, sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.DUPLICATE_ANSWERS).asLong());
        long sbeLostToServer = sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST_TO_SERVER).asLong();
        // the relay loses what is sent during the gap, the gap's orders are those due in it: when the client's sends
        // lag (a DISTURBED run read 476 lost of 500 due, 2026-11-28), the last few due are sent after it
        assertTrue(sbeLostToServer >= sbeGap * 9 / 10, sbe.toString());
        assertTrue(sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.RESEND_REQUESTS_TO_CLIENT).asLong() >= 1,
                "the server asked for the gap: " + sbe);
        assertTrue(sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.RESENT_TO_SERVER).asLong()
                + sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.GAP_FILLS_TO_SERVER).asLong() >= sbeLostToServer,
                "the client resent or gap-filled every message the relay lost: " + sbe);
        // the planted store copies the resend range onto the heap first: its client's engine allocates at least the
        // bytes it resends around the gap, where sbe's own resend allocates next to nothing
        JsonNode planted = seen.get("sbe:yield+replayLoadsRange=Y");
        long resentBytes = planted.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST_BYTES_TO_SERVER).asLong();
        long plantedBytes = planted.get(
                org.fixbench.cli.scenario.resendstorm.ResendStormTable.CLIENT_ENGINE_ALLOCATED_AROUND_GAP_BYTES).asLong();
        long sbeBytes = sbe.get(
                org.fixbench.cli.scenario.resendstorm.ResendStormTable.CLIENT_ENGINE_ALLOCATED_AROUND_GAP_BYTES).asLong();
        assertTrue(resentBytes > 50_000, planted.toString());
        assertTrue(plantedBytes >= resentBytes, "planted: " + plantedBytes + " bytes for " + resentBytes + " resent");
        // sbe's own resend allocates next to nothing, in a run measured once. A run measured again (the JIT compiled
        // inside its first attempt) or DISTURBED is not judged on it: in CI at 976ac19 (measured again, DISTURBED)
        // it read 100,552 bytes around a 100,500-byte resend, and at e2f9c0b (measured again after its client JVM's
        // compilers took 210 ms inside the first attempt, then OK) 101,536 bytes around a 100,000-byte resend, all on
        // the main thread; 5 runs measured once here read 0-64 bytes. About one byte per byte resent, only after the
        // JIT was busy in the scenario's path: not yet explained. The planted case is judged always.
        boolean disturbed = "DISTURBED".equals(sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.STATUS).asText())
                || remeasured.contains("sbe:yield");
        assertTrue(disturbed || sbeBytes >= 0 && sbeBytes < resentBytes / 4, "sbe: " + sbeBytes + " bytes for its "
                + "resend of " + sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST_BYTES_TO_SERVER).asLong()
                + "; by thread: " + sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.CLIENT_TOP_ALLOCATORS_AROUND_GAP));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.startsWith("# fixbench scenario: resend-storm"), report);
        assertTrue(report.contains("| tcp:yield | 1,000/s, 500 ms |"), report);
        assertTrue(report.contains("recovered the gap: all"), report);
        assertTrue(Files.exists(out.resolve("charts/gap-sbe_yield-1000.png")));
        Path again = tmp.resolve("storm-again");
        Outcome r = run("report", out.toString(), "--out", again.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(report, Files.readString(again.resolve("report.md")));
    }

    @Test
    @Tag("long")
    void aCutConnectionIsLoggedOnAgainBySbeWithItsSessionAndTheOrdersItTookWhileDownResent() throws Exception {
        Path out = tmp.resolve("cut");
        Outcome o = run("scenario", "resend-storm", "--by", "cut", "--engines", "tcp:yield,sbe:yield", "--rates",
                "1000", "--runs", "1", "--gap", "500ms", "--after-gap", "2s", "--sample-timeout", "2s", "--warmup", "300ms",
                "--warmup-cap", "0s", "--no-pin", "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(2, results.size());
        Map<String, JsonNode> seen = new java.util.HashMap<>();
        for (JsonNode result : results) {
            JsonNode runs = result.get(SlowConsumerTable.SCENARIO_RUNS);
            assertEquals(1, runs.size(), result.toString());
            seen.put(result.get(SlowConsumerTable.ENGINE_LABEL).asText(), runs.get(0));
        }
        for (JsonNode run : seen.values()) {
            assertTrue(run.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.CUT).asBoolean(), run.toString());
            long ended = run.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.SESSION_ENDED_AFTER_CUT_NANOS).asLong();
            assertTrue(ended >= 0 && ended < 500_000_000L, "the session ended at the cut: " + run);
            assertTrue(run.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOGGED_ON_AFTER_GAP_NANOS).asLong() >= 0,
                    "logged on again only once the relay took connections: " + run);
            assertEquals(0, run.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.DUPLICATE_ANSWERS).asLong(),
                    run.toString());
        }
        // raw TCP has no session: the orders due while down are not sent and counted, and lost; the fresh client's
        // orders are answered by the same server (it serves a connection made again)
        JsonNode tcp = seen.get("tcp:yield");
        assertEquals(0, tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.PRACTICE_GAP_ORDERS).asInt());
        long tcpNotSent = tcp.get(org.fixbench.cli.scenario.serverrestart.ServerRestartTable.NOT_SENT).asLong();
        assertTrue(tcpNotSent > 400, tcp.toString());
        assertEquals(0, tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.TAKEN_WHILE_DOWN).asLong());
        long tcpLost = tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST).asLong();
        assertTrue(tcpLost >= tcpNotSent && tcpLost < tcp.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.ORDERS)
                .asLong() / 2, "orders after the cut answered again: " + tcp);
        // sbe's client keeps its session: it takes the orders due while down under its next numbers, logs on with
        // them (no reset; orders due during the log-on are taken too, numbered after the Logon), the server asks for
        // them and gets them resent; every order lost was one not sent
        JsonNode sbe = seen.get("sbe:yield");
        long taken = sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.TAKEN_WHILE_DOWN).asLong();
        assertTrue(taken > 400, sbe.toString());
        assertEquals(sbe.get(org.fixbench.cli.scenario.serverrestart.ServerRestartTable.NOT_SENT).asLong(),
                sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LOST).asLong(), sbe.toString());
        long lastBefore = sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LAST_SEQ_TO_SERVER).asLong();
        long logonAfter = sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.FIRST_SEQ_TO_SERVER).asLong();
        assertTrue(lastBefore > 1 && logonAfter > lastBefore + 1 && logonAfter <= lastBefore + taken + 1,
                "the client's Logon carried its numbers on, past orders it took while down: " + sbe);
        assertTrue(sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.FIRST_SEQ_TO_CLIENT).asLong()
                > sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.LAST_SEQ_TO_CLIENT).asLong(), sbe.toString());
        // every number between the last message the relay passed before the cut and the Logon after it (orders
        // stored while down, or written as the cut came) was resent or gap-filled
        assertTrue(sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.RESENT_TO_SERVER).asLong()
                + sbe.get(org.fixbench.cli.scenario.resendstorm.ResendStormTable.GAP_FILLS_TO_SERVER).asLong()
                >= logonAfter - lastBefore - 1, "the client resent what it took while down: " + sbe);
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("cuts the session's connection"), report);
        assertTrue(report.contains("| sbe:yield | 1,000/s, 500 ms |"), report);
        assertTrue(report.contains("client kept its numbers, server kept its numbers"), report);
        Path again = tmp.resolve("cut-again");
        Outcome r = run("report", out.toString(), "--out", again.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(report, Files.readString(again.resolve("report.md")));
    }

    @Test
    @Tag("long")
    void aKilledServerIsStartedAgainAndAFreshClientLogsOnWithEveryOrderCounted() throws Exception {
        Path out = tmp.resolve("restart");
        // the default 6 s after the kill (sbe's server started again logged on 1.6-4.5 s after the kill here,
        // 2026-12-02); 2 s for the orders never answered, not 5 s
        Outcome o = run("scenario", "server-restart", "--engines", "tcp:yield,sbe:yield,sbe:yield+store=file", "--rates",
                "1000", "--runs", "1", "--sample-timeout", "2s", "--warmup", "300ms", "--warmup-cap", "0s",
                "--no-pin", "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(3, results.size());
        for (JsonNode result : results) {
            JsonNode runs = result.get(SlowConsumerTable.SCENARIO_RUNS);
            assertEquals(1, runs.size(), result.toString());
            JsonNode seen = runs.get(0);
            String label = result.get(SlowConsumerTable.ENGINE_LABEL).asText();
            long kill = seen.get(ServerRestartTable.KILL_NANOS).asLong();
            assertTrue(kill >= 1_900_000_000L && kill < 2_500_000_000L, label + ": " + seen); // 2 s, about
            // the fresh client logged on only once the server started again listened (a client connected to the
            // relay alone, before, is not logged on), and the first order answered after that. The listening time is
            // the orchestrator's reading, from when it saw the death to when the port file appeared: a few ms either
            // way (published: raw TCP logged on 1.397 s after the kill, its server listening 1.399 s after its death)
            long listening = result.get(ServerRestartTable.SERVER_LISTENING_AFTER_DEATH_NANOS).asLong();
            long loggedOn = seen.get(ServerRestartTable.LOGGED_ON_AFTER_KILL_NANOS).asLong();
            assertTrue(listening > 0 && loggedOn >= listening - 50_000_000L, label + ": listening " + listening
                    + ", logged on " + loggedOn);
            assertTrue(seen.get(ServerRestartTable.FIRST_ANSWER_AFTER_KILL_NANOS).asLong() >= loggedOn, label);
            // nothing dropped silently: every order due while the session was gone is counted as not sent, and
            // lost; the others lost were sent to the server that was killed
            long lost = seen.get(ServerRestartTable.LOST).asLong();
            long notSent = seen.get(ServerRestartTable.NOT_SENT).asLong();
            assertTrue(notSent > 0 && lost >= notSent && lost < seen.get(ServerRestartTable.ORDERS).asLong(),
                    label + ": " + seen);
            // the orders due from the kill to the log-on were not answered: at 1,000/s, about one per ms
            assertTrue(lost >= (loggedOn / 1_000_000L) * 9 / 10, label + ": lost " + lost + " in " + loggedOn);
            assertEquals(0, seen.get(ServerRestartTable.DUPLICATE_ANSWERS).asLong(), label);
            long back = seen.get(ServerRestartTable.BACK_AFTER_NANOS).asLong();
            assertTrue(back < 0 || back >= loggedOn, label + ": back before the log-on: " + seen);
        }
        JsonNode sbe = results.get(1).get(SlowConsumerTable.SCENARIO_RUNS).get(0);
        // sbe keeps no store across a restart here: both sides' first message after it (a Logon) is number 1
        assertEquals(1, sbe.get(ServerRestartTable.FIRST_SEQ_TO_SERVER).asLong(), sbe.toString());
        assertEquals(1, sbe.get(ServerRestartTable.FIRST_SEQ_TO_CLIENT).asLong(), sbe.toString());
        assertTrue(sbe.get(ServerRestartTable.LAST_SEQ_TO_SERVER).asLong() > 1_000, sbe.toString());
        // with its store in a file, the server started again goes on from the numbers the killed one had sent, and
        // the client logs on with its own
        JsonNode kept = results.get(2).get(SlowConsumerTable.SCENARIO_RUNS).get(0);
        assertTrue(kept.get(ServerRestartTable.FIRST_SEQ_TO_CLIENT).asLong()
                > kept.get(ServerRestartTable.LAST_SEQ_TO_CLIENT).asLong(), kept.toString());
        assertTrue(kept.get(ServerRestartTable.LAST_SEQ_TO_CLIENT).asLong() > 1_000, kept.toString());
        assertTrue(kept.get(ServerRestartTable.FIRST_SEQ_TO_SERVER).asLong()
                > kept.get(ServerRestartTable.LAST_SEQ_TO_SERVER).asLong(), kept.toString());
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.startsWith("# fixbench scenario: server-restart"), report);
        assertTrue(report.contains("| tcp:yield | 1,000/s |"), report);
        assertTrue(report.contains("sequence numbers: client reset to 1; server reset to 1"), report);
        assertTrue(Files.exists(out.resolve("charts/restart-sbe_yield-1000.png")));
        Path again = tmp.resolve("restart-again");
        Outcome r = run("report", out.toString(), "--out", again.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(report, Files.readString(again.resolve("report.md")));
    }

    @Test
    @Tag("long")
    void aScenarioStoppedBySigtermKeepsWhatItMeasuredAndSaysItIsPartial() throws Exception {
        Path out = tmp.resolve("stopped");
        Path log = tmp.resolve("stopped.log");
        // C1 alone in it and the JVMs it forks: this asserts what is kept, not what the engine did (see ForkedRunTest)
        List<String> command = new java.util.ArrayList<>(org.fixbench.cli.run.ForkedRun.javaCommand(
                List.of("-XX:TieredStopAtLevel=1")));
        command.addAll(List.of("scenario", "slow-consumer", "--engines", "tcp:yield", "--rates", "1000", "--runs",
                "3", "--stall", "500ms", "--warmup", "200ms", "--warmup-cap", "0s", "--no-pin", "--out", out.toString()));
        Process scenario = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!Files.readString(log).contains("=== [2/3]") && scenario.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        scenario.destroy(); // SIGTERM
        assertTrue(scenario.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "it ends");
        String output = Files.readString(log);
        assertTrue(Files.exists(out.resolve("report.md")), output.substring(Math.max(0, output.length() - 3000)));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.startsWith("# fixbench scenario: slow-consumer (PARTIAL: interrupted)"), report);
        assertTrue(report.contains("| tcp:yield | 900/s + 100/s | 10 | 0.5 s | "), "round 1 is kept: " + report);
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertTrue(results.size() >= 1 && results.get(0).get("runs").size() == 2, "round 1's pair is kept");
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(),
                "no forked process left");
    }

    @Test
    void theServerSocketsQueuesAreReadFromProcNetTcp() {
        // a line of /proc/net/tcp: local 127.0.0.1:0x9C40 (40000), remote :0xC350 (50000), ESTABLISHED, queues
        String line = "   3: 0100007F:9C40 0100007F:C350 01 00000200:00001000 00:00000000 00000000  1000        0 "
                + "12345 1 0000000000000000 20 4 30 10 -1";
        var q = org.fixbench.cli.scenario.SocketQueues.parse(line, 40_000, 50_000);
        assertEquals(0x200, q.sendQueueBytes());
        assertEquals(0x1000, q.receiveQueueBytes());
        assertEquals(1, q.state());
        assertEquals(null, org.fixbench.cli.scenario.SocketQueues.parse(line, 40_000, 50_001));
    }

    @Test
    void whatTheEngineDidIsWordedFromWhatWasSeen() {
        assertEquals("disconnected the slow session 1.5 s into the stall", SlowConsumerTable.action(Map.of(
                SlowConsumerTable.SLOW_FOUND, true, SlowConsumerTable.CLOSED_AFTER_MILLIS, 1500L)));
        assertTrue(SlowConsumerTable.action(Map.of(SlowConsumerTable.SLOW_FOUND, true,
                SlowConsumerTable.CLOSED_AFTER_MILLIS, -1L, SlowConsumerTable.UNREAD_ORDER_BYTES, 30_000L,
                SlowConsumerTable.STALL_ORDER_BYTES, 100_000L, SlowConsumerTable.REPORT_KERNEL_BYTES, 8_000L))
                .startsWith("back-pressured the slow session (30,000 of the 100,000 bytes"));
        // one order caught on its way is not back-pressure
        assertTrue(SlowConsumerTable.action(Map.of(SlowConsumerTable.SLOW_FOUND, true,
                SlowConsumerTable.CLOSED_AFTER_MILLIS, -1L, SlowConsumerTable.UNREAD_ORDER_BYTES, 204L,
                SlowConsumerTable.STALL_ORDER_BYTES, 100_000L, SlowConsumerTable.REPORT_KERNEL_BYTES, 8_000L))
                .startsWith("kept reading the slow session (8,000 bytes"));
        // a stalled run measured again after the server had disconnected the slow session in its first attempt
        String none = SlowConsumerTable.action(Map.of(SlowConsumerTable.SLOW_FOUND, true,
                SlowConsumerTable.SLOW_CLIENT, true, SlowConsumerTable.SLOW_ENDED_BEFORE, "the connection failed: "
                        + "Connection reset by peer", SlowConsumerTable.CLOSED_AFTER_MILLIS, -1L));
        assertTrue(none.startsWith("the slow session had ended before the stalled run started (the connection "
                + "failed: Connection reset by peer)"), none);
        var p = new SlowConsumerTable.Pair(1, 2_000_000L, 1_000_000L, 5_000_000L, 3_000_000L, -1, 0, 0, none, 0, 0,
                null, 0, 0, -1, -1, true, 10_000, 0, 0, 0, "reset");
        String verdict = new SlowConsumerTable.Row("e", 100, 2, 20_000, List.of(p)).verdict();
        assertTrue(verdict.endsWith("the others' latency is not judged: a stalled run without a stall"), verdict);
        assertFalse(verdict.contains("isolated"), verdict);
    }

    private static SlowConsumerTable.Pair pair(int round, long othersWorstStallNanos, long lostStall, long lostQuiet) {
        return new SlowConsumerTable.Pair(round, 2_000_000L, 1_000_000L, othersWorstStallNanos, 3_000_000L,
                5_000_000_000L, lostStall, lostQuiet, "back-pressured the slow session (x)", 0, 0, null, 0, 0, -1, -1,
                true, 10_000, 50_000, 20_000, 50_000, null);
    }

    @Test
    void anOrderOfTheOthersNeverAnsweredIsSaidFirstAndNothingIsCalledIsolatedThen() {
        // 5 s stall: 10% of it is 500 ms
        var isolated = new SlowConsumerTable.Row("e", 100, 2, 5_000, List.of(pair(1, 9_000_000L, 0, 0)));
        assertTrue(isolated.verdict().startsWith("back-pressured the slow session (x); isolated the slow session "
                + "(others' worst 9.0 ms"), isolated.verdict());
        var heldUp = new SlowConsumerTable.Row("e", 100, 2, 5_000, List.of(pair(1, 4_000_000_000L, 0, 0)));
        assertTrue(heldUp.verdict().contains("; held up the others (others' worst 4.00 s"), heldUp.verdict());
        // 10 lost in the stalled run and 1 after it, in the quiet run that followed: the worst outcome, said first,
        // even where the orders answered came back quickly
        var lost = new SlowConsumerTable.Row("e", 100, 2, 5_000, List.of(pair(1, 9_000_000L, 10, 1)));
        assertEquals(11, lost.othersLost());
        assertTrue(lost.verdict().startsWith("lost 11 orders of the other sessions (round 1: 10 in the stalled run, "
                + "1 in the quiet one); back-pressured"), lost.verdict());
        assertFalse(lost.verdict().contains("isolated"), lost.verdict());
        assertFalse(lost.verdict().contains("held up"), lost.verdict());
        assertTrue(SlowConsumerTable.markdown(List.of(lost)).contains("| 1 / 10 | 50,000 / 20,000 / 50,000 |"));
    }

    @Test
    void badInputIsRefusedInOneLine() {
        assertOneLine(run("scenario", "slow-consumer", "--sessions", "2", "--rates", "1000", "--slow-rate", "1000"),
                "--slow-rate must leave the other 1 session(s) 1/s each or more of --rates 1000 (was 1000)");
        assertOneLine(run("scenario", "slow-consumer", "--workload", "mixed"), "slow-consumer: the slow session sends "
                + "the fixed order");
        assertOneLine(run("scenario", "burst", "--slow-rate", "10"), "--slow-rate is for scenario slow-consumer");
        assertOneLine(run("scenario", "slow-consumer", "--engines", "external:quickfix-cpp"),
                "slow-consumer does not measure external engines yet");
        assertOneLine(run("scenario", "server-restart", "--sessions", "2"), "server-restart logs one session on again");
        assertOneLine(run("scenario", "server-restart", "--gap", "2s"),
                "--gap is for scenario resend-storm, not server-restart");
        assertOneLine(run("scenario", "resend-storm", "--gap", "5ms"), "--gap must be 100ms-60s (was 5ms)");
        assertOneLine(run("scenario", "resend-storm", "--by", "drop"), "--by must be lose or cut (was drop)");
        assertOneLine(run("scenario", "resend-storm", "--after-gap", "1s"), "--after-gap must be 2s-60s (was 1000ms)");
        assertOneLine(run("scenario", "burst", "--after-gap", "2s"),
                "--after-gap is for scenario resend-storm, not burst");
        assertOneLine(run("scenario", "resend-storm", "--by", "cut", "--sessions", "2"),
                "resend-storm --by cut carries one session (asked for 2)");
        assertOneLine(run("scenario", "burst", "--by", "cut"), "--by is for scenario resend-storm, not burst");
        assertOneLine(run("scenario", "burst", "--gap", "2s"), "--gap is for scenario resend-storm, not burst");
        assertOneLine(run("scenario", "nonsense"), "unknown scenario 'nonsense'");
        assertOneLine(run("scenario", "slow-consumer", "--sessions", "1"), "slow-consumer needs 2 sessions or more");
        assertOneLine(run("scenario", "slow-consumer", "--stall", "10ms"), "--stall must be 100ms or more");
        assertOneLine(run("scenario", "slow-consumer", "--fork", "none"), "scenario runs each engine's server");
        assertOneLine(run("scenario", "slow-consumer", "--window", "12"), "--window must be 1024-16777216 bytes");
        assertOneLine(run("scenario", "slow-consumer", "--profile", "cpu"), "--profile is not for scenario");
        assertOneLine(run("scenario", "slow-consumer", "--fail-on", "SATURATED"), "--fail-on is not for scenario");
        assertOneLine(run("scenario", "burst", "--factor", "1"), "--factor must be 2-100 (was 1)");
        assertOneLine(run("scenario", "burst", "--burst", "10ms"), "--burst must be 100ms-60s (was 10ms)");
        assertOneLine(run("scenario", "burst", "--stall", "2s"), "--stall is for scenario slow-consumer, not burst");
        assertOneLine(run("scenario", "slow-consumer", "--factor", "3"), "--factor is for scenario burst, not");
        assertOneLine(run("scenario", "burst", "--rates", "2000000", "--factor", "100"),
                "a burst run at 2,000,000/s would send");
        assertOneLine(run("scenario", "burst", "--fork", "none"), "scenario runs each engine's server");
    }
}
