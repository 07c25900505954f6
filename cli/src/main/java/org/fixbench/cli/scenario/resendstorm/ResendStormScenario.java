package org.fixbench.cli.scenario.resendstorm;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.options.Durations;
import org.fixbench.cli.options.Rates;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.report.ScenarioReport;
import org.fixbench.cli.results.ScenarioKeys;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.Sweep;
import org.fixbench.cli.scenario.Scenario;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import picocli.CommandLine.Option;

/**
 * The resend-storm scenario (see {@link ResendStorm} and {@link ResendStormTable}): each round gives every engine at
 * every rate a fresh pair of JVMs, the usual warm-up (with a practice gap) and one measured run: {@link
 * #GAP_DELAY_MILLIS} at the rate, then every message of the session lost both ways for the gap (or, with {@code --by
 * cut}, the connection cut and refused), then the rest of the run, at least {@code --after-gap}
 * ({@link #AFTER_GAP_MILLIS} unless set).
 */
public final class ResendStormScenario implements Scenario {
    public static final String NAME = "resend-storm";
    /** How far into a resend-storm run its gap starts. */
    public static final long GAP_DELAY_MILLIS = 2_000;
    /** How long a resend-storm run goes on after its gap (at least), unless --after-gap says otherwise. */
    static final long AFTER_GAP_MILLIS = 5_000;
    /**
     * resend-storm's engines when none are named: {@link Scenario#DEFAULT_ENGINES} with the message store each engine needs to
     * resend (QuickFIX/J's tuned profile keeps no sent messages, Artio's logs none: both would gap-fill every resend;
     * Philadelphia has no store at all, and sbe keeps one in every profile).
     */
    static final String ENGINES = "tcp:yield,sbe:yield,philadelphia:yield,"
            + "quickfixj:tuned+PersistMessages=Y,artio:tuned+logMessages=Y";
    /**
     * resend-storm --by cut's engines when none are named: {@link #ENGINES}, with QuickFIX/J keeping its
     * numbers at Logon (its tuned profile resets them: every order it took while down would be gap-filled).
     */
    static final String CUT_ENGINES = "tcp:yield,sbe:yield,philadelphia:yield,"
            + "quickfixj:tuned+PersistMessages=Y+ResetOnLogon=N,artio:tuned+logMessages=Y";

    /** Its options: refused for the other scenarios. */
    public static final class Options {
        @Option(names = "--gap", converter = Durations.class, paramLabel = "DURATION",
                description = "resend-storm: how long the session's messages are lost, both ways (default: 2s)")
        long gapNanos = 2_000_000_000L;

        @Option(names = "--by", paramLabel = "lose|cut", description = "resend-storm: how the gap is made: lose (every "
                + "message lost both ways, the connection up) or cut (the connection cut and every new one refused for "
                + "--gap; the client logs on again with the session it had, taking orders into it while down where its "
                + "engine does) (default: ${DEFAULT-VALUE})")
        String gapBy = "lose";

        @Option(names = "--after-gap", converter = Durations.class, paramLabel = "DURATION",
                description = "resend-storm: how long the run goes on after the gap, at least (default: 5s; 2s-60s: "
                        + "the allocation around the gap is read 2 s after it)")
        long afterGapNanos = AFTER_GAP_MILLIS * 1_000_000L;
    }

    private final Options o = new Options();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "resend-storm: 2 s in, every message of the session is lost both ways for --gap, the connection staying "
                + "up; the sessions must resend or gap-fill it while new orders go on; --by cut: the connection is cut "
                + "and refused for --gap instead, and the client logs on again keeping its session (default engines: "
                + ENGINES + ", the stores needed to resend; with --by cut: " + CUT_ENGINES + ")";
    }

    @Override
    public Object options() {
        return o;
    }

    @Override
    public Rounds plan(Request request) {
        RunOptions options = request.options();
        if (o.gapNanos < 100_000_000L || o.gapNanos > 60_000_000_000L) {
            throw new IllegalArgumentException("--gap must be 100ms-60s (was " + o.gapNanos / 1_000_000 + "ms)");
        }
        if (!o.gapBy.equals("lose") && !o.gapBy.equals("cut")) {
            throw new IllegalArgumentException("--by must be lose or cut (was " + o.gapBy + ")");
        }
        if (o.afterGapNanos < ResendStorm.AFTER_GAP_ALLOCATION_MILLIS * 1_000_000L
                || o.afterGapNanos > 60_000_000_000L) {
            throw new IllegalArgumentException("--after-gap must be 2s-60s (was " + o.afterGapNanos / 1_000_000
                    + "ms)");
        }
        boolean cut = o.gapBy.equals("cut");
        request.rounds();
        long gapMillis = o.gapNanos / 1_000_000;
        long leastRunMillis = GAP_DELAY_MILLIS + gapMillis + o.afterGapNanos / 1_000_000;
        long runMillis = Math.max(leastRunMillis, options.runNanosOr(leastRunMillis * 1_000_000L) / 1_000_000);
        List<EngineSpec> specs = request.specs(cut ? CUT_ENGINES : ENGINES);
        List<Long> rateList = Rates.parse(request.rates());
        request.refusals(specs, rateList, runMillis * 1_000_000L);
        int sessions = options.sessions();
        if (cut && sessions != 1) {
            throw new IllegalArgumentException("resend-storm --by cut carries one session (asked for " + sessions
                    + ")");
        }
        ResendStorm.Plan plan = new ResendStorm.Plan(GAP_DELAY_MILLIS,
                gapMillis, cut);
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", NAME);
        scenario.put("sessions", sessions);
        scenario.put("gapMillis", gapMillis);
        if (cut) {
            scenario.put("gapBy", "cut");
        }
        scenario.put("gapStartMillisIntoRun", GAP_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", ScenarioKeys.WINDOW_NANOS / 1_000_000);
        scenario.put("what", cut ? String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; "
                + "%d ms into it a relay in the client's JVM cuts the session's connection and refuses every new one "
                + "for %d ms, while orders keep coming on their schedule; the client logs on again with the session "
                + "it had", GAP_DELAY_MILLIS, gapMillis)
                : String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; %d ms "
                + "into it a relay in the client's JVM loses every whole message of session 1, both ways, for %d ms, "
                + "its connection staying up, while orders keep coming on their schedule", GAP_DELAY_MILLIS,
                gapMillis));
        return new Rounds(scenario, specs, rateList, sessions, false, (forked, spec, rate, round, labels) -> {
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round, rate,
                    runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS).runs(1).skipFirstRun(false)
                    .runNanos(runMillis * 1_000_000L).build();
            System.out.printf(Locale.ROOT, cut ? "the session's connection cut and refused for %d ms from %.1f s into "
                    + "the run%n" : "session 1's messages lost both ways for %d ms from %.1f s into the run%n",
                    gapMillis, GAP_DELAY_MILLIS / 1e3);
            labels.put("gapMillis", gapMillis);
            return forked.scenario(plan).run(Contender.of(spec), config, labels, null);
        }, Scenario.verdicts(ResendStormTable::of, r -> r.engine(), r -> r.rate(), r -> r.verdict()));
    }

    /** The resend-storm scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    @Override
    public Document report(Map<String, Object> env, List<BenchmarkResult> results, Path folder, Path out,
                           String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        long gapMillis = ScenarioReport.recorded(env, "gapMillis").longValue();
        long runMillis = ScenarioReport.recorded(env, "runMillis").longValue();
        int sessions = ScenarioReport.recorded(env, "sessions").intValue();
        Document.Builder doc = ScenarioReport.header(env, partialReason);
        boolean cut = "cut".equals(scenario.get("gapBy"));
        if (cut) {
            doc.paragraph(String.format(Locale.ROOT, "One FIX session. Each round gives each engine a fresh pair of JVMs, "
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
                    + "profile resets the numbers at Logon.", 20, runMillis / 1e3, GAP_DELAY_MILLIS / 1e3,
                    gapMillis / 1e3));
        } else {
            doc.paragraph(String.format(Locale.ROOT, "%d FIX session(s) share the rate. Each round gives each engine a fresh "
                + "pair of JVMs, warmed up as `compare`'s with a practice gap of %d orders in the warm-up, and one "
                + "measured run of %.1f s. From %.1f s into it, a relay in the client's JVM loses every whole message of "
                + "session 1, both ways, for %.1f s: read from one side and not written to the other, the TCP "
                + "connection staying up. Orders keep coming on their schedule throughout. The messages after the "
                + "gap carry numbers past it, so each side's FIX session must ask for the range (ResendRequest) and "
                + "the other resend it (PossDupFlag Y) or gap-fill it, while new orders go on. An engine without a "
                + "session layer (raw TCP) loses the gap's orders. The variant in which the connection is cut and "
                + "the client logs on again is `--by cut`.", sessions, 20, runMillis / 1e3,
                GAP_DELAY_MILLIS / 1e3, gapMillis / 1e3));
        }
        doc.paragraph("Counted at the relay, per direction: messages lost, ResendRequests, messages resent (PossDupFlag Y, "
                + "gap fills apart) and gap fills (SequenceReset with GapFillFlag Y); the replay *ended* when the "
                + "last resent message or gap fill crossed it, timed from the gap's end. From the harness, every "
                + "order by its due time: the gap's orders answered (latency from when each was due, so it includes "
                + "the gap), the orders never answered (lost, never dropped silently), when latency was back within "
                + "the pre-gap p99 (10 ms windows' medians, 10 in a row, as in `burst`), the p99 and worst of the "
                + "orders due in the second after the gap (new orders behind the replay), and answers the harness "
                + "could not match or got twice. The resident sets (VmRSS) of the server and of the client's JVM "
                + "(the relay's buffers are in it) are read every 250 ms; growth is the peak less the first "
                + "reading of the run.");
        List<ResendStormTable.Row> rows = ResendStormTable.of(
                results);
        doc.add(ResendStormTable.table(rows));
        org.fixbench.cli.report.doc.Table cutTable = ResendStormTable.cutTable(rows);
        if (cutTable != null) {
            doc.paragraph("The cut, per round: when the client saw its session end, when it was logged on again (from the "
                    + "cut's end, with the attempts it took), what became of the orders due while it was down, and "
                    + "the MsgSeqNum of the last message each way before the cut and of each side's Logon after it "
                    + "(a Logon at 1: the numbers were reset; above the last before: kept).");
            doc.add(cutTable);
        }
        doc.paragraph("Per round, in round order. Runs: each run's status by `compare`'s rules (the gap's orders wait "
                + "at least the gap, so a run with one reads SATURATED or FAILED; the figures here are the "
                + "scenario's).");
        if (out != null) {
            Block.Section charts = ScenarioReport.windowCharts(out, results, "gap", ResendStormTable.GAP_START_NANOS,
                    ResendStormTable.GAP_END_NANOS, ResendStormTable.PRE_P99_NANOS, "pre-gap p99");
            if (charts != null) {
                doc.add(charts);
            }
        }
        return doc.build(ScenarioReport.title("resend-storm", partialReason != null));
    }
}
