package org.fixbench.cli.scenario.slowconsumer;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Document;
import org.fixbench.harness.machine.Environment;
import org.fixbench.cli.results.ScenarioLabels;
import org.fixbench.cli.options.Durations;
import org.fixbench.cli.options.Rates;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.report.ScenarioCharts;
import org.fixbench.cli.report.ScenarioReport;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.Sweep;
import org.fixbench.cli.scenario.Scenario;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsWriter;
import picocli.CommandLine.Option;

/**
 * The slow-consumer scenario (see {@link SlowConsumer} and {@link SlowConsumerTable}): each round gives every engine at
 * every rate a fresh pair of JVMs, warmed up as {@code compare}'s, and two measured runs: one in which session 1, a
 * plain client of its own, leaves its reports unread for the stall, one without; which of the two comes first
 * alternates by round.
 */
public final class SlowConsumerScenario implements Scenario {
    public static final String NAME = "slow-consumer";
    /** How far into its measured run a slow consumer's stall starts. */
    public static final long STALL_DELAY_MILLIS = 1_000;
    /** How long a measured run goes on after the stall ends (the slow session's backlog answered within it). */
    static final long AFTER_STALL_NANOS = 1_000_000_000L;

    /** Its options: refused for the other scenarios. */
    public static final class Options {
        @Option(names = "--stall", converter = Durations.class, paramLabel = "DURATION",
                description = "how long the slow session leaves its reports unread (default: 5s); each measured run lasts "
                        + "1 s before it, the stall, and 1 s after, unless --duration says longer")
        long stallNanos = 5_000_000_000L;

        @Option(names = "--window", paramLabel = "BYTES", description = "the receive buffer of every session's "
                + "connection to the server: the slow session's, its window while it does not read (the kernel doubles it; "
                + "default: ${DEFAULT-VALUE})")
        int windowBytes = DEFAULT_WINDOW_BYTES;

        /**
         * The slow session's receive buffer unless told otherwise (the kernel doubles it): small, as in the plain slow
         * client of issue 54. With 64 KiB, once its receive queue was full the connection stopped carrying its orders on
         * loopback (1.24 MB of them in the client's send queue, the server's receive queue empty and its send queue stuck
         * at 6,688 bytes: {@code ss -tn}, raw TCP, 1,000/s, 2026-11-28), so the server never met a write it could not
         * complete; with 4 KiB its orders went on and its reports filled the server's send queue (1.15 MB in 6 s).
         */
        static final int DEFAULT_WINDOW_BYTES = 4 * 1024;

        @Option(names = "--slow-rate", paramLabel = "RATE", description = "slow-consumer: the slow session's own rate, "
                + "msgs/s, out of --rates (default: its share, the rate over --sessions); the others share the rest")
        Long slowRate;
    }

    private final Options o = new Options();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "slow-consumer: one session of N stops reading its reports for --stall, then reads again; each round a "
                + "fresh pair of JVMs with one quiet and one stalled run";
    }

    @Override
    public Object options() {
        return o;
    }

    @Override
    public Rounds plan(Request request) {
        RunOptions options = request.options();
        boolean sessionsGiven = request.given().test("--sessions");
        int sessions = sessionsGiven ? options.sessions() : 10;
        if (sessions < 2) {
            throw new IllegalArgumentException("slow-consumer needs 2 sessions or more: one slow, the others "
                    + "watched (--sessions was " + sessions + ")");
        }
        options.sessions(sessions);
        if (o.stallNanos < 100_000_000L) {
            throw new IllegalArgumentException("--stall must be 100ms or more (was " + o.stallNanos / 1_000_000 + "ms)");
        }
        long leastRunNanos = STALL_DELAY_MILLIS * 1_000_000L + o.stallNanos + AFTER_STALL_NANOS;
        long runNanos = Math.max(leastRunNanos, options.runNanosOr(leastRunNanos));
        request.rounds();
        if (o.windowBytes < 1024 || o.windowBytes > (1 << 24)) {
            throw new IllegalArgumentException("--window must be 1024-16777216 bytes (was " + o.windowBytes + ")");
        }
        List<EngineSpec> specs = request.specs(DEFAULT_ENGINES);
        for (EngineSpec spec : specs) {
            if (!spec.engine().serverAcceptsSuiteCompIds()) {
                throw new IllegalArgumentException("slow-consumer does not measure external engines yet (its slow "
                        + "session logs on with fixbench's own CompIDs): " + spec.label());
            }
        }
        if (!options.flow().isFixed()) {
            throw new IllegalArgumentException("slow-consumer: the slow session sends the fixed order, so the others "
                    + "do too: --workload is not for it");
        }
        List<Long> rateList = Rates.parse(request.rates());
        for (long rate : rateList) {
            long slow = slowRate(rate, sessions);
            if (slow < 1 || rate - slow < sessions - 1) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--slow-rate must leave the other %d "
                        + "session(s) 1/s each or more of --rates %d (was %d)", sessions - 1, rate, slow));
            }
        }
        request.refusals(specs, rateList, runNanos);
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", NAME);
        scenario.put("sessions", sessions);
        scenario.put("stallMillis", o.stallNanos / 1_000_000);
        scenario.put("stallStartMillisIntoRun", STALL_DELAY_MILLIS);
        scenario.put("runMillis", runNanos / 1_000_000);
        scenario.put("slowClientReceiveBufferBytes", o.windowBytes);
        if (o.slowRate != null) {
            scenario.put("slowRatePerSecond", o.slowRate);
        }
        scenario.put("what", "session 1 is a plain client of its own (its own connection and receive buffer); in one "
                + "of each round's two measured runs it stops reading its socket for the stall while it goes on "
                + "sending, then reads again; the engine's own client carries the other sessions, measured");
        return new Rounds(scenario, specs, rateList, sessions, true, (forked, spec, rate, round, labels) -> {
            int stallRun = round % 2 == 1 ? 2 : 1; // the quiet run first in odd rounds, the stalled one in even
            long slow = slowRate(rate, sessions);
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round, rate - slow,
                    runNanos, Sweep.DEFAULT_WARMUP_NANOS).runs(2).runNanos(runNanos).skipFirstRun(false).build();
            System.out.printf(Locale.ROOT, "%d sessions: session 1 a slow client at %,d/s, stalled %.1f s in run %d;"
                    + " the others at %,d/s together%n", sessions, slow, o.stallNanos / 1e9, stallRun, rate - slow);
            return forked.scenario(new SlowConsumer.Plan(stallRun, STALL_DELAY_MILLIS, o.stallNanos / 1_000_000,
                    o.windowBytes, slow)).run(Contender.of(spec), config, labels, null);
        }, Scenario.verdicts(SlowConsumerTable::of, r -> r.engine(), r -> r.rate(), r -> r.verdict()));
    }


    /** The slow session's rate out of {@code rate}: --slow-rate, or its share. */
    private long slowRate(long rate, int sessions) {
        return o.slowRate != null ? o.slowRate : Math.max(1, rate / sessions);
    }

    @Override
    public Document report(Map<String, Object> env, List<BenchmarkResult> results, Path folder, Path out,
                           String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        if (folder == null) {
            // a signal's report: its reason where a stop's would be, the title saying it is partial
            return report(String.valueOf(env.get(ResultLabels.COMMAND)), env, SlowConsumerTable.of(results),
                    ScenarioReport.recorded(env, "sessions").intValue(),
                    ScenarioReport.recorded(env, "stallMillis").longValue() * 1_000_000L,
                    ScenarioReport.recorded(env, "runMillis").longValue() * 1_000_000L, windowBytes(scenario),
                    slowClient(scenario), partialReason).build(ScenarioReport.title("slow-consumer", true));
        }
        long stallNanos = ScenarioReport.recorded(env, "stallMillis").longValue() * 1_000_000L;
        long runNanos = ScenarioReport.recorded(env, "runMillis").longValue() * 1_000_000L;
        int sessions = ScenarioReport.recorded(env, "sessions").intValue();
        int windowBytes = windowBytes(scenario);
        Object stop = env.get(ResultLabels.STOP_REASON);
        String command = String.valueOf(env.getOrDefault(ResultLabels.COMMAND, "(not recorded)"));
        Document.Builder doc = report(command, env, SlowConsumerTable.of(results, folder), sessions, stallNanos,
                runNanos, windowBytes, slowClient(scenario), stop == null ? null : String.valueOf(stop));
        Block.Section charts = charts(folder, out, results, stallNanos, slowClient(scenario));
        if (charts != null) {
            doc.add(charts);
        }
        return doc.build(ScenarioReport.title("slow-consumer", false));
    }

    /** Whether the slow session was a client of its own (from 2026-11-28), not a relay's stalled link. */
    static boolean slowClient(Map<?, ?> scenario) {
        return scenario.containsKey("slowClientReceiveBufferBytes");
    }

    static int windowBytes(Map<?, ?> scenario) {
        Object w = scenario.containsKey("slowClientReceiveBufferBytes") ? scenario.get("slowClientReceiveBufferBytes")
                : scenario.get("relayReceiveBufferBytes");
        return ((Number) w).intValue();
    }

    /** The report's paragraphs and table, under its header (the charts follow where they are drawn). */
    static Document.Builder report(String command, Map<String, Object> env, List<SlowConsumerTable.Row> rows,
                                   int sessions, long stallNanos, long runNanos, int windowBytes, boolean slowClient,
                                   String stopReason) {
        Document.Builder doc = ScenarioReport.header(command, env, stopReason, null);
        if (slowClient) {
            doc.paragraph(String.format(Locale.ROOT, "%d FIX sessions against one server. Session 1 is the slow consumer: "
                    + "a plain client on a connection of its own, with a receive buffer of %,d bytes (the kernel "
                    + "doubles it), sending the benchmark's NewOrderSingle at its own rate (\"rate: others + slow\") "
                    + "from its Logon to the end. The engine's own client carries sessions 2-%d, measured by the "
                    + "harness as `compare` measures. Each round gives each engine a fresh pair of JVMs and two "
                    + "measured runs of %.1f s; in one of them (the second in odd rounds, the first in even ones) the "
                    + "slow client stops reading its socket for %.1f s from 1 s into the run, and goes on sending: "
                    + "orders that come due while its own %,d-byte buffer is full (the server not taking them) are not "
                    + "sent, and counted. Nothing stands between the slow client and the server.", sessions,
                    windowBytes, sessions, runNanos / 1e9, stallNanos / 1e9, SlowConsumerTable.SLOW_CLIENT_OUT_BYTES));
            doc.paragraph(String.format(Locale.ROOT, "The verdict says first whether any order of the other sessions was "
                    + "never answered, in either run of the pair (the stalled run goes on 1 s after the stall; an "
                    + "order still unanswered when its run has ended and its late answers were waited for is lost): that is the worst outcome. Then what the "
                    + "engine did with the slow session, read at the stall's end (`/proc/net/tcp`): the server closed "
                    + "its connection (disconnected), left unread a tenth or more of the orders that came due during "
                    + "the stall (back-pressured: in its socket, in the client's buffer, or not sent), or read them "
                    + "(its reports then wait in the kernel, or in the engine, whose resident set shows it). Then, "
                    + "when no order of the others was lost: when the others' worst round trip in the stalled run "
                    + "reaches %.0f%% of the stall (median over rounds) the engine *held up the others*, else it "
                    + "*isolated the slow session*; the ratio of their p99s (stalled run over its quiet pair) is given "
                    + "beside it.", SlowConsumerTable.HELD_UP_SHARE * 100));
        } else {
            doc.paragraph(String.format(Locale.ROOT, "%d FIX sessions share the rate. Each round gives each engine a fresh "
                    + "pair of JVMs and two measured runs of %.1f s; in one of them (the second in odd rounds, the "
                    + "first in even ones) session 1's reports are left unread for %.1f s from 1 s into the run: every "
                    + "session's connection goes through a relay in the client's JVM, which stops reading that "
                    + "session's connection from the server (its receive buffer: %,d bytes, as the kernel doubles it) "
                    + "while its orders still go on as its client sends them. The relay is in both runs, so its cost "
                    + "is in both; the latencies here are not comparable with `compare`'s.", sessions,
                    runNanos / 1e9, stallNanos / 1e9, windowBytes));
            doc.paragraph("**Superseded** (2026-11-28): through the relay, the slow session's orders stopped reaching the "
                    + "server while the relay left its reports unread, so an engine that blocks on a write that "
                    + "cannot complete was never made to (docs/GUIDE.md, \"Scenarios\"). The slow session is now a "
                    + "plain client of its own.");
            doc.paragraph(String.format(Locale.ROOT, "What the engine did with the slow session is read at the stall's end "
                    + "(`/proc/net/tcp`): the server closed its connection (disconnected), left unread a tenth or more "
                    + "of the orders the session sent during the stall (back-pressured), or read them (its reports "
                    + "then wait in the kernel, or in the engine, whose resident set shows it). The others' p99 and "
                    + "worst are the lossless sum of sessions 2-%d's own series. When the others' worst round trip in "
                    + "the stalled run reaches %.0f%% of the stall (median over rounds) the engine *held up the "
                    + "others*, else it *isolated the slow session*; the ratio of their p99s (stalled run over its "
                    + "quiet pair) is given beside it.", sessions, SlowConsumerTable.HELD_UP_SHARE * 100));
        }
        doc.add(SlowConsumerTable.table(rows));
        doc.paragraph("Per round: quiet → stall. Orders lost are counted per run, quiet / stall (none is dropped "
                + "silently: an order unanswered when its run ended is lost). The server's resident set (VmRSS) is "
                + "read every 0.5 s in each run; its growth is its peak less its first reading. Its heap is what "
                + "its garbage collector found in use before each collection that ended within the run (its JVM's "
                + "log, `jvm-logs/`), the most of them; \"-\": no collection in that run. When the server "
                + "closed the slow session is known within 0.5 s (its socket is looked up that often, no more: each "
                + "look takes a CPU from the engine's threads on a small machine). The TCP retransmission timeouts "
                + "are this host's in each run (`/proc/net/netstat`, TCPTimeouts): where a stalled run has them, how "
                + "late the slow session's reports came after the stall is TCP's doing as much as the engine's.");
        doc.paragraph("Not measured yet (issue 40): heap and direct memory apart (the resident set holds both).");
        return doc;
    }
    /** Round 1's chart of each engine at each rate, as markdown (the other rounds' logs are in the folder). */
    static Block.Section charts(Path folder, Path out, List<BenchmarkResult> results,
                                long stallNanos, boolean slowClient) {
        List<Block> blocks = new java.util.ArrayList<>();
        List<SummaryFile.Result> read = SummaryFile.load(folder);
        for (BenchmarkResult r : results) {
            ScenarioLabels labels = ScenarioLabels.of(r);
            if (!labels.isFirstRound()) {
                continue;
            }
            var result = read.stream().filter(x -> x.name().equals(r.name())).findFirst().orElse(null);
            int stalled = labels.runs().stream().filter(m -> Boolean.TRUE.equals(m.get(SlowConsumerTable.STALLED)))
                    .mapToInt(m -> ((Number) m.get(SlowConsumerTable.RUN)).intValue()).findFirst().orElse(-1);
            if (result == null || stalled < 0) {
                continue;
            }
            String name = "stall-" + ResultsWriter.safeName(result.label()) + "-"
                    + result.targetRate();
            Path png = ScenarioCharts.writeStallChart(folder, out, result, stalled,
                    STALL_DELAY_MILLIS / 1e3, STALL_DELAY_MILLIS / 1e3 + stallNanos / 1e9, name, slowClient);
            if (png != null) {
                blocks.add(new Block.Figure(result.label() + " at " + result.targetRate() + "/s"
                        + (slowClient ? " (the others)" : ""), png.toString().replace('\\', '/')));
            }
        }
        if (blocks.isEmpty()) {
            return null;
        }
        blocks.add(new Block.Paragraph(slowClient ? "Each chart: p99 (solid) and worst (dashed) of the other sessions' "
                + "round trips (the harness's; the slow client's are not among them) in each second of schedule, both "
                + "runs of round 1, named by the others' rate; the grey dotted lines mark the stall in the stalled run."
                : "Each chart: p99 (solid) and worst (dashed) of every session's round trips in each second of "
                + "schedule, both runs of round 1; the grey dotted lines mark the stall in the stalled run (the "
                + "slow session's own reports are among these, a tenth of them with 10 sessions: the others alone "
                + "are in the table)."));
        return new Block.Section(2, "Latency over time, round 1", blocks);
    }
}
