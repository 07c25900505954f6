package org.fixbench.cli.report;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.results.SlowConsumerTable;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.cli.results.Scenarios;

/**
 * A scenario's report, made from its folder (or, when a signal stops it, from the results so far): the same whoever
 * calls it, the scenario command as it ends or {@code fixbench report} later.
 */
public final class ScenarioReport {
    private ScenarioReport() {
    }

    /** The server-restart scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    public static String renderServerRestart(Map<String, Object> env, List<BenchmarkResult> results, java.nio.file.Path out,
                                      String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        long runMillis = ((Number) scenario.get("runMillis")).longValue();
        long killMillis = ((Number) scenario.get("killMillisIntoRun")).longValue();
        StringBuilder b = reportHeader(Scenarios.SERVER_RESTART, env, partialReason);
        b.append(String.format(Locale.ROOT, "One FIX session. Each round gives each engine a fresh pair of JVMs, "
                + "warmed up as `compare`'s, and one measured run of %.1f s. %.1f s into it, the client's JVM kills "
                + "the server's process (SIGKILL), and the orchestrating process starts the same server (same "
                + "command, engine, profile, port and work folder) again as soon as it sees it die: an engine whose "
                + "profile keeps its sequence numbers and messages in files goes on from them (sbe with `store=file`, "
                + "QuickFIX/J with a file store), one that keeps them in memory starts again at 1. The client's "
                + "session ends; a fresh client of the same engine, profile and work folder logs on again once the "
                + "server's port listens again (read from /proc/net/tcp every 2 ms), retrying every 10 ms for up to "
                + "the connect timeout, as an application would (no engine's client here does it on its own). "
                + "Orders keep coming on their schedule throughout: those due while the session is gone are not "
                + "sent, and counted; those sent and never answered are lost, and counted; none is dropped "
                + "silently. The warm-up has no practice kill.%n%n", runMillis / 1e3, killMillis / 1e3));
        b.append("Times are from the kill. The session *ended* when the client's engine reported it; the server "
                + "*listened again* when the restarted JVM wrote its port (the orchestrator's reading, from when it saw the "
                + "first process's death: a few ms either way); *logged on again* when a fresh client's logon was done; the *first order "
                + "answered* is the first answer to arrive after that. The session's connection goes through a relay "
                + "in the client's JVM that reads MsgSeqNum (34) of the last message each way before the kill and "
                + "of the first after it (a Logon). *Back* is the `burst` scenario's rule from the kill: 10 windows "
                + "of 10 ms in a row with their median within the pre-kill p99 and no order lost.\n\n");
        List<org.fixbench.cli.results.ServerRestartTable.Row> rows = org.fixbench.cli.results.ServerRestartTable.of(
                results);
        b.append(org.fixbench.cli.results.ServerRestartTable.markdown(rows)).append('\n');
        b.append("Per round, in round order. Runs: each run's status by `compare`'s rules (a run with a kill loses "
                + "orders, so it reads FAILED; the figures here are the scenario's).\n");
        if (out != null) {
            b.append(windowCharts(out, results, "restart", org.fixbench.cli.results.ServerRestartTable.KILL_NANOS,
                    org.fixbench.cli.results.ServerRestartTable.LOGGED_ON_NANOS, "server killed", "logged on again",
                    org.fixbench.cli.results.ServerRestartTable.PRE_P99_NANOS, "pre-kill p99"));
        }
        return b.toString();
    }

    /** The resend-storm scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    public static String renderResendStorm(Map<String, Object> env, List<BenchmarkResult> results, java.nio.file.Path out,
                                    String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        long gapMillis = ((Number) scenario.get("gapMillis")).longValue();
        long runMillis = ((Number) scenario.get("runMillis")).longValue();
        int sessions = ((Number) scenario.get("sessions")).intValue();
        StringBuilder b = reportHeader("resend-storm", env, partialReason);
        boolean cut = "cut".equals(scenario.get("gapBy"));
        if (cut) {
            b.append(String.format(Locale.ROOT, "One FIX session. Each round gives each engine a fresh pair of JVMs, "
                    + "warmed up as `compare`'s with a practice gap of %d lost orders in the warm-up, and one measured "
                    + "run of %.1f s. From %.1f s into it, a relay in the client's JVM cuts the session's connection "
                    + "(both sides see it closed) and, for %.1f s, resets every new connection at once. Orders keep "
                    + "coming on their schedule throughout. The client logs on again as soon as the relay takes "
                    + "connections: the same client, with the sequence numbers and store it had, where its engine "
                    + "can (sbe, QuickFIX/J: QuickFIX/J's initiator reconnects by itself, every ReconnectInterval, 1 "
                    + "s); an engine's client that cannot is replaced by a fresh one, as an application would. While "
                    + "the session is down, an order due is taken into the session where the client's engine does "
                    + "(it numbers and stores it, to be resent when the server asks: sbe, QuickFIX/J), else it is not "
                    + "sent, and counted. Once logged on again, each side asks for what it missed (ResendRequest) "
                    + "and the other resends it (PossDupFlag Y) or gap-fills it, while new orders go on, unless the "
                    + "profile resets the numbers at Logon.%n%n", 20, runMillis / 1e3, Scenarios.GAP_DELAY_MILLIS / 1e3,
                    gapMillis / 1e3));
        } else {
            b.append(String.format(Locale.ROOT, "%d FIX session(s) share the rate. Each round gives each engine a fresh "
                + "pair of JVMs, warmed up as `compare`'s with a practice gap of %d orders in the warm-up, and one "
                + "measured run of %.1f s. From %.1f s into it, a relay in the client's JVM loses every whole message of "
                + "session 1, both ways, for %.1f s: read from one side and not written to the other, the TCP "
                + "connection staying up. Orders keep coming on their schedule throughout. The messages after the "
                + "gap carry numbers past it, so each side's FIX session must ask for the range (ResendRequest) and "
                + "the other resend it (PossDupFlag Y) or gap-fill it, while new orders go on. An engine without a "
                + "session layer (raw TCP) loses the gap's orders. The variant in which the connection is cut and "
                + "the client logs on again is `--by cut`.%n%n", sessions, 20, runMillis / 1e3,
                Scenarios.GAP_DELAY_MILLIS / 1e3, gapMillis / 1e3));
        }
        b.append("Counted at the relay, per direction: messages lost, ResendRequests, messages resent (PossDupFlag Y, "
                + "gap fills apart) and gap fills (SequenceReset with GapFillFlag Y); the replay *ended* when the "
                + "last resent message or gap fill crossed it, timed from the gap's end. From the harness, every "
                + "order by its due time: the gap's orders answered (latency from when each was due, so it includes "
                + "the gap), the orders never answered (lost, never dropped silently), when latency was back within "
                + "the pre-gap p99 (10 ms windows' medians, 10 in a row, as in `burst`), the p99 and worst of the "
                + "orders due in the second after the gap (new orders behind the replay), and answers the harness "
                + "could not match or got twice. The resident sets (VmRSS) of the server and of the client's JVM "
                + "(the relay's buffers are in it) are read every 250 ms; growth is the peak less the first "
                + "reading of the run.\n\n");
        List<org.fixbench.cli.results.ResendStormTable.Row> rows = org.fixbench.cli.results.ResendStormTable.of(
                results);
        b.append(org.fixbench.cli.results.ResendStormTable.markdown(rows)).append('\n');
        String cutTable = org.fixbench.cli.results.ResendStormTable.cutMarkdown(rows);
        if (!cutTable.isEmpty()) {
            b.append("The cut, per round: when the client saw its session end, when it was logged on again (from the "
                    + "cut's end, with the attempts it took), what became of the orders due while it was down, and "
                    + "the MsgSeqNum of the last message each way before the cut and of each side's Logon after it "
                    + "(a Logon at 1: the numbers were reset; above the last before: kept).\n\n");
            b.append(cutTable).append('\n');
        }
        b.append("Per round, in round order. Runs: each run's status by `compare`'s rules (the gap's orders wait "
                + "at least the gap, so a run with one reads SATURATED or FAILED; the figures here are the "
                + "scenario's).\n");
        if (out != null) {
            b.append(windowCharts(out, results, "gap", org.fixbench.cli.results.ResendStormTable.GAP_START_NANOS,
                    org.fixbench.cli.results.ResendStormTable.GAP_END_NANOS,
                    org.fixbench.cli.results.ResendStormTable.PRE_P99_NANOS, "pre-gap p99"));
        }
        return b.toString();
    }

    /** A scenario report's title, command, machine, and why it stopped early or is partial, if it did or is. */
    public static StringBuilder reportHeader(String name, Map<String, Object> env, String partialReason) {
        Object stop = env.get(ResultLabels.STOP_REASON);
        StringBuilder b = new StringBuilder("# fixbench scenario: " + name)
                .append(partialReason == null ? "" : " (PARTIAL: interrupted)").append("\n\n");
        b.append("Command: `").append(env.getOrDefault(ResultLabels.COMMAND, "(not recorded)")).append("`\n\n");
        b.append(String.format(Locale.ROOT, "Machine: %s; commit %s.%n%n", env.getOrDefault("cpuModel", "?"),
                env.getOrDefault("gitCommit", "?")));
        if (stop != null) {
            b.append("**Stopped early:** ").append(stop).append("\n\n");
        }
        if (partialReason != null) {
            b.append("**Partial:** ").append(partialReason).append("\n\n");
        }
        return b;
    }

    /** The burst scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    public static String renderBurst(Map<String, Object> env, List<BenchmarkResult> results, java.nio.file.Path out,
                              String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        long burstMillis = ((Number) scenario.get("burstMillis")).longValue();
        long runMillis = ((Number) scenario.get("runMillis")).longValue();
        int sessions = ((Number) scenario.get("sessions")).intValue();
        int factor = ((Number) scenario.get("factor")).intValue();
        StringBuilder b = reportHeader("burst", env, partialReason);
        b.append(String.format(Locale.ROOT, "%d FIX session(s) share the rate. Each round gives each engine a fresh "
                + "pair of JVMs, warmed up as `compare`'s (the warm-up goes through the run's shape, bursts "
                + "included), and one measured run of %.1f s on one drift-free schedule: %.1f s at the rate, %.1f s at "
                + "%d times it, the rest at the rate again. Every order's latency is from when it was due, so a queue "
                + "that builds in the burst shows in the orders after it.%n%n", sessions, runMillis / 1e3,
                Scenarios.BURST_DELAY_MILLIS / 1e3, burstMillis / 1e3, factor));
        b.append(String.format(Locale.ROOT, "The pre-burst p99 is that of the orders due from 0.5 s into the run to "
                + "the burst's start. The run is cut into %d ms windows by when orders were due. In the burst, the "
                + "windows whose median went above the pre-burst p99 are counted (a queue building through the "
                + "burst puts nearly all of them there). Latency is *back* at the first window from the burst's end "
                + "on from which %d windows in a row have their median within the pre-burst p99, timed from the "
                + "burst's end (*at once*: the first window after the burst starts such a stretch). An engine *kept "
                + "up* when it was back at once and at most %.0f%% of the burst's windows were above (a hiccup, not "
                + "a queue); it *drained its queue within the burst* when more were above but it was back at once. "
                + "The queue's peak is the most orders in flight in a window by Little's law from the replies: the "
                + "time its orders waited for their replies over the window's span; \"before\" is the most in a "
                + "window before the burst. \"Sent late by\" is how far behind its schedule the client sent the "
                + "burst's orders (the client's own limit, or the engine pushing back on it); latency counts from "
                + "the schedule either way.%n%n", org.fixbench.cli.results.BurstTable.WINDOW_NANOS / 1_000_000,
                org.fixbench.cli.results.BurstTable.BACK_WINDOWS, org.fixbench.cli.results.BurstTable.KEPT_UP_SHARE * 100));
        List<org.fixbench.cli.results.BurstTable.Row> rows = org.fixbench.cli.results.BurstTable.of(results);
        b.append(org.fixbench.cli.results.BurstTable.markdown(rows)).append('\n');
        b.append("Per round, in round order. Runs: each run's status by `compare`'s rules at its mean rate, whose "
                + "\"seconds\" are the mean rate's count of orders, not seconds of the burst's schedule: a run that "
                + "queued in its burst reads SATURATED there; the figures here are the scenario's. Orders never "
                + "answered within the run are counted lost, never dropped.\n");
        if (out != null) {
            b.append(windowCharts(out, results, "burst", org.fixbench.cli.results.BurstTable.BURST_START_NANOS,
                    org.fixbench.cli.results.BurstTable.BURST_END_NANOS, org.fixbench.cli.results.BurstTable.PRE_P99_NANOS,
                    "pre-burst p99"));
        }
        return b.toString();
    }

    /**
     * Round 1's chart of each engine at each rate: every 10 ms window's median and worst, the disturbance ({@code
     * kind}: "burst" or "gap") between grey lines from {@code startKey} to {@code endKey} of what the scenario saw,
     * and the threshold at {@code thresholdKey}.
     */
    public static String windowCharts(java.nio.file.Path out, List<BenchmarkResult> results, String kind, String startKey,
                               String endKey, String thresholdKey, String thresholdLabel) {
        return windowCharts(out, results, kind, startKey, endKey, kind + " starts", kind + " ends", thresholdKey,
                thresholdLabel);
    }

    /** As the other, the marks labelled {@code startLabel} and {@code endLabel}. */
    public static String windowCharts(java.nio.file.Path out, List<BenchmarkResult> results, String kind, String startKey,
                               String endKey, String startLabel, String endLabel, String thresholdKey,
                               String thresholdLabel) {
        StringBuilder b = new StringBuilder("\n## Latency over time, round 1\n\n");
        int drawn = 0;
        for (BenchmarkResult r : results) {
            if (!Integer.valueOf(1).equals(r.labels().get("round"))
                    || !(r.labels().get(org.fixbench.cli.results.BurstTable.SCENARIO_RUNS) instanceof List<?> runs)
                    || runs.isEmpty() || !(runs.get(0) instanceof Map<?, ?> seen)) {
                continue;
            }
            String label = String.valueOf(r.labels().get(SlowConsumerTable.ENGINE_LABEL));
            long rate = r.labels().get(org.fixbench.cli.results.BurstTable.BASE_RATE_LABEL) instanceof Number n
                    ? n.longValue() : r.config().targetRatePerSecond();
            String title = "burst".equals(kind) ? String.format(Locale.ROOT, "%s at %,d msgs/s, %,d/s in the burst",
                    label, rate, rate * ((Number) seen.get(org.fixbench.cli.results.BurstTable.FACTOR)).longValue())
                    : String.format(Locale.ROOT, "%s at %,d msgs/s", label, rate);
            String name = kind + "-" + org.fixbench.harness.results.ResultsWriter.safeName(label) + "-" + rate;
            java.nio.file.Path png = org.fixbench.cli.report.Charts.writeWindowsChart(out, name,
                    title + ": round trips per 10 ms", seen, startKey, endKey, startLabel, endLabel, thresholdKey,
                    thresholdLabel);
            if (png != null) {
                b.append("![").append(label).append(" at ").append(rate).append("/s](")
                        .append(png.toString().replace('\\', '/')).append(")\n\n");
                drawn++;
            }
        }
        b.append("Each chart: the median (solid) and worst (dashed) round trip of the orders due in each 10 ms window "
                + "of round 1's run, the " + thresholdLabel + " (dotted), the grey lines at " + startLabel + " and "
                + endLabel + "; a window none of whose orders was answered is left blank.\n");
        return drawn == 0 ? "" : b.toString();
    }

    /** Round 1's chart of each engine at each rate, as markdown (the other rounds' logs are in the folder). */
    public static String charts(java.nio.file.Path folder, java.nio.file.Path out, List<BenchmarkResult> results,
                         long stallNanos, boolean slowClient) {
        StringBuilder b = new StringBuilder("\n## Latency over time, round 1\n\n");
        List<org.fixbench.cli.results.SummaryFile.Result> read = org.fixbench.cli.results.SummaryFile.load(folder);
        int drawn = 0;
        for (BenchmarkResult r : results) {
            if (!Integer.valueOf(1).equals(r.labels().get("round"))) {
                continue;
            }
            var result = read.stream().filter(x -> x.name().equals(r.name())).findFirst().orElse(null);
            int stalled = r.labels().get(SlowConsumerTable.SCENARIO_RUNS) instanceof List<?> seen ? seen.stream()
                    .filter(m -> m instanceof Map<?, ?> mm && Boolean.TRUE.equals(mm.get(SlowConsumerTable.STALLED)))
                    .mapToInt(m -> ((Number) ((Map<?, ?>) m).get(SlowConsumerTable.RUN)).intValue()).findFirst()
                    .orElse(-1) : -1;
            if (result == null || stalled < 0) {
                continue;
            }
            String name = "stall-" + org.fixbench.harness.results.ResultsWriter.safeName(result.label()) + "-"
                    + result.targetRate();
            java.nio.file.Path png = org.fixbench.cli.report.Charts.writeStallChart(folder, out, result, stalled,
                    Scenarios.STALL_DELAY_MILLIS / 1e3, Scenarios.STALL_DELAY_MILLIS / 1e3 + stallNanos / 1e9, name, slowClient);
            if (png != null) {
                b.append("![").append(result.label()).append(" at ").append(result.targetRate()).append("/s");
                b.append(slowClient ? " (the others)" : "").append("](")
                        .append(png.toString().replace('\\', '/')).append(")\n\n");
                drawn++;
            }
        }
        b.append(slowClient ? "Each chart: p99 (solid) and worst (dashed) of the other sessions' round trips (the "
                + "harness's; the slow client's are not among them) in each second of schedule, both runs of round 1, "
                + "named by the others' rate; the grey dotted lines mark the stall in the stalled run.\n"
                : "Each chart: p99 (solid) and worst (dashed) of every session's round trips in each second of "
                + "schedule, both runs of round 1; the grey dotted lines mark the stall in the stalled run (the "
                + "slow session's own reports are among these, a tenth of them with 10 sessions: the others alone "
                + "are in the table).\n");
        return drawn == 0 ? "" : b.toString();
    }

    /** The scenario's report from its folder (charts into {@code out/charts}); the same whoever calls it. */
    public static String render(org.fixbench.harness.results.ResultsReader.Read read, java.nio.file.Path folder,
                         java.nio.file.Path out) {
        Map<String, Object> env = read.environment();
        return render(env, read.results(), folder, out, env.get("partial") == null ? null
                : String.valueOf(env.get("partial")));
    }

    /**
     * What a signal left of a scenario, {@code soFar}, as its report titled partial with {@code reason} (no charts:
     * a signal leaves seconds, not minutes).
     */
    public static String partial(Map<String, Object> env, List<BenchmarkResult> soFar, String reason) {
        return render(env, soFar, null, null, reason);
    }

    /**
     * The one place a scenario's report is chosen by the scenario's name: from its folder ({@code folder}, charts into
     * {@code out}), or, with no folder, what a signal left ({@code partialReason}).
     */
    private static String render(Map<String, Object> env, List<BenchmarkResult> results, java.nio.file.Path folder,
                                 java.nio.file.Path out, String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        if (Scenarios.BURST.equals(scenario.get("name"))) {
            return renderBurst(env, results, out, partialReason);
        }
        if (Scenarios.RESEND_STORM.equals(scenario.get("name"))) {
            return renderResendStorm(env, results, out, partialReason);
        }
        if (Scenarios.SERVER_RESTART.equals(scenario.get("name"))) {
            return renderServerRestart(env, results, out, partialReason);
        }
        if (folder == null) {
            return report(String.valueOf(env.get(ResultLabels.COMMAND)), env, SlowConsumerTable.of(results),
                    ((Number) scenario.get("sessions")).intValue(),
                    ((Number) scenario.get("stallMillis")).longValue() * 1_000_000L,
                    ((Number) scenario.get("runMillis")).longValue() * 1_000_000L, windowBytes(scenario),
                    slowClient(scenario), partialReason, true);
        }
        long stallNanos = ((Number) scenario.get("stallMillis")).longValue() * 1_000_000L;
        long runNanos = ((Number) scenario.get("runMillis")).longValue() * 1_000_000L;
        int sessions = ((Number) scenario.get("sessions")).intValue();
        int windowBytes = windowBytes(scenario);
        Object stop = env.get(ResultLabels.STOP_REASON);
        String command = String.valueOf(env.getOrDefault(ResultLabels.COMMAND, "(not recorded)"));
        return report(command, env, SlowConsumerTable.of(results, folder), sessions, stallNanos, runNanos, windowBytes,
                slowClient(scenario), stop == null ? null : String.valueOf(stop)) + charts(folder, out, results, stallNanos,
                slowClient(scenario));
    }

    /** Whether the slow session was a client of its own (from 2026-11-28), not a relay's stalled link. */
    public static boolean slowClient(Map<?, ?> scenario) {
        return scenario.containsKey("slowClientReceiveBufferBytes");
    }

    public static int windowBytes(Map<?, ?> scenario) {
        Object w = scenario.containsKey("slowClientReceiveBufferBytes") ? scenario.get("slowClientReceiveBufferBytes")
                : scenario.get("relayReceiveBufferBytes");
        return ((Number) w).intValue();
    }

    public static String report(String command, Map<String, Object> env, List<SlowConsumerTable.Row> rows, int sessions,
                         long stallNanos, long runNanos, int windowBytes, boolean slowClient, String stopReason) {
        return report(command, env, rows, sessions, stallNanos, runNanos, windowBytes, slowClient, stopReason, false);
    }

    /** As above; {@code interrupted}: a signal stopped the scenario, and its title says the report is partial. */
    public static String report(String command, Map<String, Object> env, List<SlowConsumerTable.Row> rows, int sessions,
                                long stallNanos, long runNanos, int windowBytes, boolean slowClient, String stopReason,
                                boolean interrupted) {
        StringBuilder b = new StringBuilder("# fixbench scenario: slow-consumer"
                + (interrupted ? " (PARTIAL: interrupted)" : "") + "\n\n");
        b.append("Command: `").append(command).append("`\n\n");
        b.append(String.format(Locale.ROOT, "Machine: %s; commit %s.%n%n", env.getOrDefault("cpuModel", "?"),
                env.getOrDefault("gitCommit", "?")));
        if (stopReason != null) {
            b.append("**Stopped early:** ").append(stopReason).append("\n\n");
        }
        if (slowClient) {
            b.append(String.format(Locale.ROOT, "%d FIX sessions against one server. Session 1 is the slow consumer: "
                    + "a plain client on a connection of its own, with a receive buffer of %,d bytes (the kernel "
                    + "doubles it), sending the benchmark's NewOrderSingle at its own rate (\"rate: others + slow\") "
                    + "from its Logon to the end. The engine's own client carries sessions 2-%d, measured by the "
                    + "harness as `compare` measures. Each round gives each engine a fresh pair of JVMs and two "
                    + "measured runs of %.1f s; in one of them (the second in odd rounds, the first in even ones) the "
                    + "slow client stops reading its socket for %.1f s from 1 s into the run, and goes on sending: "
                    + "orders that come due while its own %,d-byte buffer is full (the server not taking them) are not "
                    + "sent, and counted. Nothing stands between the slow client and the server.%n%n", sessions,
                    windowBytes, sessions, runNanos / 1e9, stallNanos / 1e9, SlowConsumerTable.SLOW_CLIENT_OUT_BYTES));
            b.append(String.format(Locale.ROOT, "The verdict says first whether any order of the other sessions was "
                    + "never answered, in either run of the pair (the stalled run goes on 1 s after the stall; an "
                    + "order still unanswered when its run has ended and its late answers were waited for is lost): that is the worst outcome. Then what the "
                    + "engine did with the slow session, read at the stall's end (`/proc/net/tcp`): the server closed "
                    + "its connection (disconnected), left unread a tenth or more of the orders that came due during "
                    + "the stall (back-pressured: in its socket, in the client's buffer, or not sent), or read them "
                    + "(its reports then wait in the kernel, or in the engine, whose resident set shows it). Then, "
                    + "when no order of the others was lost: when the others' worst round trip in the stalled run "
                    + "reaches %.0f%% of the stall (median over rounds) the engine *held up the others*, else it "
                    + "*isolated the slow session*; the ratio of their p99s (stalled run over its quiet pair) is given "
                    + "beside it.%n%n", SlowConsumerTable.HELD_UP_SHARE * 100));
        } else {
            b.append(String.format(Locale.ROOT, "%d FIX sessions share the rate. Each round gives each engine a fresh "
                    + "pair of JVMs and two measured runs of %.1f s; in one of them (the second in odd rounds, the "
                    + "first in even ones) session 1's reports are left unread for %.1f s from 1 s into the run: every "
                    + "session's connection goes through a relay in the client's JVM, which stops reading that "
                    + "session's connection from the server (its receive buffer: %,d bytes, as the kernel doubles it) "
                    + "while its orders still go on as its client sends them. The relay is in both runs, so its cost "
                    + "is in both; the latencies here are not comparable with `compare`'s.%n%n", sessions,
                    runNanos / 1e9, stallNanos / 1e9, windowBytes));
            b.append("**Superseded** (2026-11-28): through the relay, the slow session's orders stopped reaching the "
                    + "server while the relay left its reports unread, so an engine that blocks on a write that "
                    + "cannot complete was never made to (docs/GUIDE.md, \"Scenarios\"). The slow session is now a "
                    + "plain client of its own.\n\n");
            b.append(String.format(Locale.ROOT, "What the engine did with the slow session is read at the stall's end "
                    + "(`/proc/net/tcp`): the server closed its connection (disconnected), left unread a tenth or more "
                    + "of the orders the session sent during the stall (back-pressured), or read them (its reports "
                    + "then wait in the kernel, or in the engine, whose resident set shows it). The others' p99 and "
                    + "worst are the lossless sum of sessions 2-%d's own series. When the others' worst round trip in "
                    + "the stalled run reaches %.0f%% of the stall (median over rounds) the engine *held up the "
                    + "others*, else it *isolated the slow session*; the ratio of their p99s (stalled run over its "
                    + "quiet pair) is given beside it.%n%n", sessions, SlowConsumerTable.HELD_UP_SHARE * 100));
        }
        b.append(SlowConsumerTable.markdown(rows)).append('\n');
        b.append("Per round: quiet → stall. Orders lost are counted per run, quiet / stall (none is dropped "
                + "silently: an order unanswered when its run ended is lost). The server's resident set (VmRSS) is "
                + "read every 0.5 s in each run; its growth is its peak less its first reading. Its heap is what "
                + "its garbage collector found in use before each collection that ended within the run (its JVM's "
                + "log, `jvm-logs/`), the most of them; \"-\": no collection in that run. When the server "
                + "closed the slow session is known within 0.5 s (its socket is looked up that often, no more: each "
                + "look takes a CPU from the engine's threads on a small machine). The TCP retransmission timeouts "
                + "are this host's in each run (`/proc/net/netstat`, TCPTimeouts): where a stalled run has them, how "
                + "late the slow session's reports came after the stall is TCP's doing as much as the engine's.\n\n");
        b.append("Not measured yet (issue 40): heap and direct memory apart (the resident set holds both).\n");
        return b.toString();
    }
}
