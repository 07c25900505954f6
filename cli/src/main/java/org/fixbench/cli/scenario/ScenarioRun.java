package org.fixbench.cli.scenario;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.options.ExitStatus;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.results.ScenarioKeys;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.EngineEnvironment;
import org.fixbench.cli.run.ForkedRun;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.results.AtomicFiles;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsReader;

/**
 * A scenario's rounds, the same for every scenario: every engine at every rate once a round, each a fresh pair of
 * JVMs, then the results and the report written; Ctrl-C keeps what was measured.
 */
public final class ScenarioRun {
    private ScenarioRun() {
    }

    /** Runs {@code rounds} of {@code scenario}; returns the exit status. */
    public static int run(Scenario scenario, Scenario.Rounds rounds, RunOptions options, String command,
                          long connectTimeoutNanos) throws IOException {
        BenchmarkSession session = new BenchmarkSession(options, System.out);
        List<EngineSpec> specs = rounds.specs();
        List<Long> rateList = rounds.rates();
        session.environment.put(ResultLabels.COMMAND, command);
        session.environment.put(ComparisonRecord.ENGINES, EngineEnvironment.describe(specs));
        session.environment.put("scenario", rounds.environment());
        String name = scenario.name();
        ForkedRun forked = new ForkedRun(System.out, InetAddress.getLoopbackAddress(),
                Duration.ofNanos(connectTimeoutNanos)).sessions(rounds.sessions()).workload(options.workloadSpec())
                .jvmLogs(session.folder);
        List<BenchmarkResult> results = new CopyOnWriteArrayList<>();
        AtomicBoolean completed = new AtomicBoolean();
        Thread partial = new Thread(() -> {
            if (!completed.get()) {
                writePartial(scenario, session, results);
            }
        }, "fixbench-partial-scenario");
        Runtime.getRuntime().addShutdownHook(partial); // Ctrl-C or SIGTERM: keep what was measured
        String stopReason = null;
        int total = options.runs() * specs.size() * rateList.size();
        int done = 0;
        for (int round = 1; round <= options.runs() && stopReason == null; round++) {
            for (int i = 0; i < specs.size() * rateList.size() && stopReason == null; i++) {
                EngineSpec spec = specs.get(i / rateList.size());
                long rate = rateList.get(i % rateList.size());
                System.out.printf(Locale.ROOT, "%n=== [%d/%d] %s %s at %,d/s, round %d: ", ++done, total, name,
                        spec.label(), rate, round);
                Map<String, Object> labels = new LinkedHashMap<>();
                labels.put(ResultLabels.ENGINE, spec.engine().name());
                labels.put(ResultLabels.PROFILE, spec.profile());
                labels.put(ResultLabels.SESSIONS, rounds.sessions());
                labels.put(ResultLabels.PROCESSES, "forked: server and client each in its own JVM");
                labels.put(ScenarioKeys.ENGINE_LABEL, spec.label());
                labels.put("scenario", name);
                labels.put(org.fixbench.cli.results.ScenarioLabels.ROUND, round);
                BenchmarkResult result = rounds.benchmark().run(forked, spec, rate, round, labels);
                results.add(result);
                session.results.add(result);
                if (result.runs().isEmpty() && result.aborted()) {
                    if (rounds.stopOnAbort()) {
                        stopReason = spec.label() + ": " + result.abortReason();
                    } else {
                        System.out.println(spec.label() + " measured nothing: " + result.abortReason());
                    }
                }
            }
        }
        completed.set(true);
        try {
            Runtime.getRuntime().removeShutdownHook(partial);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or ran
        }
        if (stopReason != null) {
            session.environment.put(ResultLabels.STOP_REASON, stopReason);
        }
        session.environment.put("scenarioVerdicts", rounds.verdicts().apply(results));
        session.writeResults();
        String report = MarkdownWriter.write(report(ResultsReader.read(session.folder), session.folder,
                session.folder));
        AtomicFiles.writeString(session.folder.resolve("report.md"), report);
        System.out.println();
        System.out.println(report);
        int status = session.finish(Set.of());
        if (stopReason != null) {
            System.err.println("fixbench: scenario stopped early: " + stopReason);
            return ExitStatus.STOPPED;
        }
        return status;
    }

    /**
     * A scenario folder's report (charts into {@code out/charts}), written by the scenario the folder names; the same
     * whoever calls it, the scenario command as it ends or {@code fixbench report} later.
     */
    public static Document report(ResultsReader.Read read, Path folder, Path out) {
        Map<String, Object> env = read.environment();
        Scenario scenario = ScenarioRegistry.ofFolder(env);
        if (scenario == null) {
            throw new IllegalArgumentException(folder + " is no scenario's folder (its environment names none built)");
        }
        return scenario.report(env, read.results(), folder, out, env.get(ComparisonRecord.PARTIAL) == null ? null
                : String.valueOf(env.get(ComparisonRecord.PARTIAL)));
    }

    /**
     * A scenario stopped by a signal: the benchmarks measured so far written, and a report that says it is partial
     * (charts left out: a signal leaves seconds, not minutes). Forked processes are stopped by their own hook.
     */
    static void writePartial(Scenario scenario, BenchmarkSession session, List<BenchmarkResult> soFar) {
        try {
            String reason = "interrupted by a signal (Ctrl-C or SIGTERM): a PARTIAL scenario, " + soFar.size()
                    + " benchmark(s) so far";
            session.environment.put(ComparisonRecord.PARTIAL, reason);
            if (!session.writeInstead(new ArrayList<>(soFar))) {
                return; // it had ended and wrote its own results
            }
            Map<String, Object> env = session.environmentNow();
            AtomicFiles.writeString(session.folder.resolve("report.md"),
                    MarkdownWriter.write(scenario.report(env, new ArrayList<>(soFar), null, null, reason)));
            System.err.println("fixbench: " + reason + "; written to " + session.folder);
        } catch (IOException | RuntimeException e) {
            System.err.println("fixbench: interrupted; the results so far could not be written: " + e);
        }
    }
}
