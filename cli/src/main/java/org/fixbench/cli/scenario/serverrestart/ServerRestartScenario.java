package org.fixbench.cli.scenario.serverrestart;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Document;
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
 * The server-restart scenario (see {@link ServerRestart} and {@link ServerRestartTable}): each round gives every engine
 * at every rate a fresh pair of JVMs, the usual warm-up and one measured run: {@link #KILL_DELAY_MILLIS} at the rate,
 * then the server's process killed (SIGKILL) and started again at once, on the same port, while a fresh client logs
 * on again and orders keep coming, for at least {@link #AFTER_KILL_MILLIS}.
 */
public final class ServerRestartScenario implements Scenario {
    public static final String NAME = "server-restart";
    /** How far into a server-restart run the server is killed, and how long the run goes on after (at least). */
    static final long KILL_DELAY_MILLIS = 2_000;
    static final long AFTER_KILL_MILLIS = 6_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "server-restart: 2 s in, the server is killed and started again";
    }

    @Override
    public Rounds plan(Request request) {
        RunOptions options = request.options();
        request.rounds();
        if (options.sessions() != 1) {
            throw new IllegalArgumentException("server-restart logs one session on again (--sessions was "
                    + options.sessions() + ")");
        }
        long leastRunMillis = KILL_DELAY_MILLIS + AFTER_KILL_MILLIS;
        long runMillis = Math.max(leastRunMillis, options.runNanosOr(leastRunMillis * 1_000_000L) / 1_000_000);
        List<EngineSpec> specs = request.specs(DEFAULT_ENGINES);
        List<Long> rateList = Rates.parse(request.rates());
        request.refusals(specs, rateList, runMillis * 1_000_000L);
        ServerRestart.Plan plan = new ServerRestart.Plan(KILL_DELAY_MILLIS);
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", NAME);
        scenario.put("sessions", 1);
        scenario.put("killMillisIntoRun", KILL_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", ScenarioKeys.WINDOW_NANOS / 1_000_000);
        scenario.put("what", String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; %d ms "
                + "into it the client kills the server's process (SIGKILL) and the orchestrator starts the same "
                + "server again at once, on the same port, while a fresh client of the same engine and profile logs "
                + "on again and orders keep coming on their schedule", KILL_DELAY_MILLIS));
        return new Rounds(scenario, specs, rateList, 1, false, (forked, spec, rate, round, labels) -> {
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round, rate,
                    runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS).runs(1).skipFirstRun(false)
                    .runNanos(runMillis * 1_000_000L).build();
            System.out.printf(Locale.ROOT, "the server killed %.1f s into the run and started again at once%n",
                    KILL_DELAY_MILLIS / 1e3);
            return forked.scenario(plan).run(Contender.of(spec), config, labels, null);
        }, Scenario.verdicts(ServerRestartTable::of, r -> r.engine(), r -> r.rate(), r -> r.verdict()));
    }

    /** The server-restart scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    @Override
    public Document report(Map<String, Object> env, List<BenchmarkResult> results, Path folder, Path out,
                           String partialReason) {
        long runMillis = ScenarioReport.recorded(env, "runMillis").longValue();
        long killMillis = ScenarioReport.recorded(env, "killMillisIntoRun").longValue();
        Document.Builder doc = ScenarioReport.header(env, partialReason);
        doc.paragraph(String.format(Locale.ROOT, "One FIX session. Each round gives each engine a fresh pair of JVMs, "
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
                + "silently. The warm-up has no practice kill.", runMillis / 1e3, killMillis / 1e3));
        doc.paragraph("Times are from the kill. The session *ended* when the client's engine reported it; the server "
                + "*listened again* when the restarted JVM wrote its port (the orchestrator's reading, from when it saw the "
                + "first process's death: a few ms either way); *logged on again* when a fresh client's logon was done; the *first order "
                + "answered* is the first answer to arrive after that. The session's connection goes through a relay "
                + "in the client's JVM that reads MsgSeqNum (34) of the last message each way before the kill and "
                + "of the first after it (a Logon). *Back* is the `burst` scenario's rule from the kill: 10 windows "
                + "of 10 ms in a row with their median within the pre-kill p99 and no order lost.");
        List<ServerRestartTable.Row> rows = ServerRestartTable.of(
                results);
        doc.add(ServerRestartTable.table(rows));
        doc.paragraph("Per round, in round order. Runs: each run's status by `compare`'s rules (a run with a kill "
                + "loses orders, so it reads FAILED; the figures here are the scenario's).");
        if (out != null) {
            Block.Section charts = ScenarioReport.windowCharts(out, results, "restart", ServerRestartTable.KILL_NANOS,
                    ServerRestartTable.LOGGED_ON_NANOS, "server killed", "logged on again",
                    ServerRestartTable.PRE_P99_NANOS, "pre-kill p99");
            if (charts != null) {
                doc.add(charts);
            }
        }
        return doc.build(ScenarioReport.title(NAME, partialReason != null));
    }
}
