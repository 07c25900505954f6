package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check}, then {@code compare}, then {@code check} again, against a gateway that behaves like a venue's
 * (engines/external's TestGateway): foreign CompIDs and a password; an ack and a fill per order, the acks of each 4
 * orders in reverse order; a News and a TradingSessionStatus every 5 ms, and a BusinessMessageReject for any the
 * client sends; sequence numbers kept for the day, ResetSeqNumFlag=Y refused. Before: check read NOT READY (the
 * client rejected the News, and took the gateway's answer for an order's reject); compare stopped with exit 4.
 */
@Tag("long")
class VenueGatewayTest {
    @TempDir
    Path dir;

    private record Outcome(int status, String out) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        java.io.PrintStream was = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            int status = FixbenchCli.execute(args, new PrintWriter(out, true), new PrintWriter(out, true));
            return new Outcome(status, out + printed.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(was);
        }
    }

    /** check's verdict line, then all it printed: CI shows a message's first lines only. */
    private static String verdictFirst(String printed) {
        return printed.lines().filter(l -> l.startsWith("READY") || l.startsWith("NOT READY")).reduce((a, b) -> b)
                .orElse("no verdict line") + "\n" + printed;
    }

    @Test
    void aVenueLikeGatewayIsCheckedAndComparedWithEveryOrderAnswered() throws Exception {
        Path day = Files.createDirectories(dir.resolve("gateway-day"));
        Path kept = Files.createDirectories(dir.resolve("sequence-numbers"));
        Path file = org.fixbench.engine.external.TestGateway.engineFile(dir.resolve("venue.properties"), "s3cret",
                "ack-fill,pending-new,shuffle:4,news:5,day:" + day, "clientCompId=ACME-TRADER", "serverCompId=VENUE-GW",
                "logonFields=553=trader|554=s3cret", "idle=backoff", "resetSeqNumFlag=N", "timedReport=ack",
                "sequenceStore=" + kept, "startTimeoutMillis=30000");
        Outcome check = run("check", "--engine", "external:" + file, "--wait", "2s");
        assertEquals(0, check.status(), verdictFirst(check.out()));
        assertTrue(check.out().contains("<- received News (35=B)")
                && check.out().contains("<- received TradingSessionStatus (35=h)"), check.out());
        assertTrue(check.out().contains("READY: ") && check.out().contains("messages that answer no order, taken and "
                + "not answered: News (35=B) "), check.out());

        Path out = dir.resolve("compare");
        Outcome compare = run("compare", "--engines", "tcp:yield,external:" + file, "--rates", "300", "--runs", "1",
                "--duration", "1s", "--warmup", "200ms", "--warmup-cap", "0s", "--no-pin",
                "--no-harness-floor", "--out", out.toString());
        assertTrue(compare.status() == 0 || compare.status() == 1, "ran to the end: " + compare.out());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        assertEquals(2, results.size());
        for (JsonNode r : results) {
            JsonNode runResult = r.get("runs").get(0);
            assertEquals(300, runResult.get("received").asLong(), r.get("name").asText());
            assertEquals(0, runResult.get("lost").asLong(), r.get("name").asText());
        }
        // the stages, each a series of its own from the intended send time: PendingNew, then the New (timed), then
        // the fill; the end to end is the ack's
        JsonNode series = results.get(1).get("runs").get(0).get("series");
        JsonNode endToEnd = series.get("endToEnd");
        JsonNode first = series.get("order->first report");
        JsonNode ack = series.get("order->ack");
        JsonNode fill = series.get("order->fill");
        assertTrue(first != null && ack != null && fill != null, "the stages' series: " + series.fieldNames());
        assertEquals(300, first.get("count").asLong(), "every order's PendingNew timed once: " + first);
        assertEquals(300, ack.get("count").asLong(), "every order's ack timed once: " + ack);
        // only the run's orders (a late fill of a warm-up order is not the run's); a fill that comes after the run's
        // last ack falls after the run's close: not in it
        long fills = fill.get("count").asLong();
        assertTrue(fills <= 300 && fills >= 290, "each fill timed at most once, nearly all in the run: " + fill);
        assertTrue(fill.get("max").asLong() < 1_000_000_000L, "no warm-up order's fill: " + fill);
        // the same moment, read twice by the clock (the stage just before the round trip's sample)
        assertEquals(endToEnd.get("p50").asDouble(), ack.get("p50").asDouble(), endToEnd.get("p50").asDouble() * 0.02,
                "the ack is the round trip timed");
        assertTrue(first.get("p50").asLong() <= ack.get("p50").asLong()
                && ack.get("p50").asLong() <= fill.get("p50").asLong(), "PendingNew, then New, then the fill: " + series);
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("order->ack") && report.contains("order->fill"), "the report shows the stages");
        String environment = Files.readString(out.resolve("environment.json")) + Files.readString(
                out.resolve("summary.json"));
        assertTrue(environment.contains("messages that answer no order (warm-up and runs), taken and counted, not answered: News (35=B) "),
                "the notices counted in the notes");

        // the next day's first check goes on from the numbers the comparison left
        check = run("check", "--engine", "external:" + file, "--wait", "2s");
        assertEquals(0, check.status(), verdictFirst(check.out()));
        assertTrue(check.out().contains("sequence numbers go on from " + kept), check.out());
    }

    /**
     * Ten sessions, each with its own CompID and credentials, sending each order's whole life (a resting order, a
     * replace, a cancel) to a gateway that fills every 20th order at once, so that order's replace comes too late and
     * its cancel names an order the gateway no longer knows; beside raw TCP sending the same requests. Before:
     * {@code --sessions} and {@code --workload} were refused for an external engine, and no report gave latency per
     * message type.
     */
    @Test
    void tenSessionsSendingEachOrdersWholeLifeAreComparedWithLatencyPerMessageType() throws Exception {
        Path file = org.fixbench.engine.external.TestGateway.engineFile(dir.resolve("venue-sessions.properties"),
                "s3cret", "lifecycle,fill-every:20,shuffle:4,news:20,sessions:10", "clientCompId=ACME-{n}",
                "serverCompId=VENUE-GW", "logonFields=553=trader{n}|554=s3cret", "idle=backoff", "maxSessions=10",
                "cancelRejectPercent=25", "startTimeoutMillis=30000");
        Path out = dir.resolve("sessions");
        Outcome compare = run("compare", "--engines", "tcp:yield,external:" + file, "--sessions", "10", "--workload",
                "lifecycle", "--rates", "1200", "--runs", "1", "--duration", "1s", "--warmup", "200ms",
                "--warmup-cap", "0s", "--no-pin", "--no-harness-floor", "--out", out.toString());
        assertTrue(compare.status() == 0 || compare.status() == 1, "ran to the end: " + compare.out());
        JsonNode results = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results");
        for (JsonNode r : results) {
            JsonNode runResult = r.get("runs").get(0);
            String name = r.get("name").asText();
            assertEquals(1200, runResult.get("received").asLong(), name);
            assertEquals(0, runResult.get("lost").asLong(), name);
            // latency per message type: every request in the series of its type, once
            long typed = 0;
            for (String type : List.of("D NewOrderSingle", "F OrderCancelRequest", "G OrderCancelReplaceRequest")) {
                JsonNode series = runResult.get("series").get(org.fixbench.engine.RoundTripTask.REQUEST_PREFIX + type);
                assertTrue(series != null, name + ": " + type + " among " + runResult.get("series").fieldNames());
                assertEquals(400, series.get("count").asLong(), name + ": a third of the requests are " + type);
                assertTrue(series.get("max").asLong() <= runResult.get("series").get("endToEnd").get("max").asLong()
                        + 1_000_000, name + ": " + type + " within the end to end");
                typed += series.get("count").asLong();
            }
            assertEquals(runResult.get("series").get("endToEnd").get("count").asLong(), typed, name);
        }
        JsonNode external = results.get(1).get("runs").get(0);
        long sum = 0;
        for (int s = 1; s <= 10; s++) {
            JsonNode session = external.get("series").get(org.fixbench.engine.RoundTripTask.sessionProbeName(s - 1));
            assertTrue(session != null, "session " + s + "'s own series: " + external.get("series").fieldNames());
            sum += session.get("count").asLong();
        }
        assertEquals(1200, sum, "each request timed on its own session");
        String environment = Files.readString(out.resolve("environment.json")) + Files.readString(
                out.resolve("summary.json"));
        assertTrue(environment.contains("10 session(s), ACME-1 -> VENUE-GW to ACME-10 -> VENUE-GW"), "named");
        assertTrue(environment.contains("OrderCancelRejects answered") && environment.contains(
                "CxlRejReason 0 (too late to cancel)"), "the late cancels and replaces counted by reason");
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("request F OrderCancelRequest") && report.contains("| 99, G "
                + "OrderCancelReplaceRequest only (each request to its own answer) |"), "the report gives each type");
    }
}
