package org.fixbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.Hosts;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.options.Slo;
import org.fixbench.cli.report.ComparisonReport;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.EngineEnvironment;
import org.fixbench.cli.run.KneeSearch;
import org.fixbench.cli.run.Sweep;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.results.BenchmarkResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The highest sustainable rate of one engine within a latency objective. */
@Command(name = "knee", description = "Find the highest rate an engine sustains within an SLO, e.g. --slo p99=200us.")
final class KneeCommand implements Callable<Integer> {
    @Mixin
    RunOptions options;

    @Option(names = "--engine", required = true, paramLabel = "ENGINE[:PROFILE]")
    String engine;

    @Option(names = "--slo", required = true, paramLabel = "PERCENTILE=DURATION", description = "e.g. p99=200us")
    String slo;

    @Option(names = "--from", description = "lowest rate to try (default: ${DEFAULT-VALUE})")
    long from = 1_000;

    @Option(names = "--to", description = "highest rate to try (default: ${DEFAULT-VALUE})")
    long to = 200_000;

    @Option(names = "--steps", description = "most benchmarks to run (default: ${DEFAULT-VALUE})")
    int steps = 8;

    @Option(names = "--cluster", paramLabel = "FILE", description = "search across hosts: each step's server on the "
            + "file's server host, a client on each client host at its share of the rate (as compare --cluster)")
    java.nio.file.Path cluster;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec commandSpec;

    @Override
    public Integer call() throws IOException {
        options.pinByDefault();
        EngineSpec spec = EngineSpec.parse(engine);
        Slo objective = Slo.parse(slo);
        if (from <= 0 || to < from) {
            throw new IllegalArgumentException("--from must be > 0 and --to at least --from");
        }
        if (steps < 2) {
            throw new IllegalArgumentException("--steps must be at least 2");
        }
        Sweep.plan(options, List.of(spec), List.of(from, to), 3_000_000_000L, 2_000_000_000L);
        org.fixbench.cli.flow.AcrossHosts.Cluster clusterFile = null;
        int clusterSessions = 0;
        if (cluster != null) {
            clusterFile = org.fixbench.cli.flow.AcrossHosts.find().read(cluster);
            org.fixbench.cli.flow.Comparison.refuseTlsAcrossHosts(List.of(spec));
            if (!options.forks() || options.profile() != null) {
                throw new IllegalArgumentException("--cluster forks every role on its host, unprofiled: --fork none "
                        + "and --profile are not offered with it");
            }
            clusterSessions = commandSpec.commandLine().getParseResult().hasMatchedOption("--sessions")
                    ? options.sessions() : clusterFile.clients().size();
            clusterFile.check(List.of(from), clusterSessions);
        }
        BenchmarkSession session = new BenchmarkSession(options, System.out);
        session.environment.put(ComparisonRecord.ENGINES, EngineEnvironment.describe(List.of(spec)));
        org.fixbench.harness.machine.CpuTimes before = org.fixbench.harness.machine.CpuTimes.read();
        KneeSearch.Outcome outcome;
        if (clusterFile == null) {
            outcome = KneeSearch.measured(session, options, spec, objective, from, to, steps);
        } else {
            org.fixbench.cli.flow.AcrossHosts.Rounds across = clusterFile.comparison(session, options,
                    clusterSessions, Hosts.hostArgs(commandSpec.commandLine().getParseResult().originalArgs()));
            Thread closer = new Thread(across::close, "fixbench-cluster-close"); // Ctrl-C: nothing left on the hosts
            Runtime.getRuntime().addShutdownHook(closer);
            try {
                long orderSeed = System.nanoTime();
                outcome = KneeSearch.searchRunning(spec, objective, from, to, steps, rate -> {
                    try {
                        List<BenchmarkResult> measured = across.run(List.of(Contender.of(spec)), List.of(rate),
                                options.runs(), orderSeed).results();
                        return measured.isEmpty() ? null : measured.get(0);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            } finally {
                across.close();
                try {
                    Runtime.getRuntime().removeShutdownHook(closer);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running
                }
            }
        }
        double steal = org.fixbench.harness.machine.CpuTimes.read().stealPercentSince(before);
        session.environment.put(ComparisonRecord.STEAL_PERCENT, Double.isFinite(steal) ? steal : null);
        String md = "# fixbench knee" + ComparisonReport.uncommittedMark(session.environment) + "\n\n"
                + ComparisonReport.environmentSection(session.environment, session.results) // ends in a blank line
                + outcome.markdown() + ComparisonReport.clusterSection(session.environment, session.results);
        session.writeResults();
        org.fixbench.harness.results.AtomicFiles.writeString(session.folder.resolve("knee.md"), md);
        System.out.println();
        System.out.println(md);
        session.finish(options.failOnStatuses());
        return outcome.kneeRate() == null ? FixbenchCli.EXIT_FAILED_RUNS : 0;
    }
}
