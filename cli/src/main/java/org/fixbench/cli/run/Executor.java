package org.fixbench.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.JvmPauses;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.engine.Directories;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;

/**
 * Runs a comparison's turns ({@link ComparisonPlan}): one engine's turn in a round, its runs at every rate of the
 * plan, handed back per rate as immutable results. Three implementations: in this process ({@link InProcess}), with
 * the server and the harness with the client each in a JVM of its own ({@link Forked}), and across hosts (the cluster
 * module's, found through {@code flow.AcrossHosts}). One loop walks any of them through a plan
 * ({@link RoundWalk#run}), and one merge makes each benchmark's rounds one result.
 */
public interface Executor {
    /**
     * Runs engine {@code engine}'s turn of {@code plan} in round {@code round} (from 1). A turn that could not run,
     * or ended early, says why in its stop reason; what it measured before is in its results.
     */
    Turn turn(ComparisonPlan plan, int round, int engine);

    /** What a turn of engine {@code engine} is called in the progress lines and the run sequence. */
    default String turnLabel(ComparisonPlan plan, int engine) {
        return plan.turnLabel(engine);
    }

    /** Where the turns run, as the progress line ends ("" on this machine). */
    default String where() {
        return "";
    }

    /**
     * One engine's turn: its results, one per rate that ran (each under its engine × rate configuration of one run),
     * and why the comparison stops after it, or null.
     */
    record Turn(List<BenchmarkResult> perRate, String stopReason) {
        public Turn {
            perRate = List.copyOf(perRate);
        }

        public boolean stopped() {
            return stopReason != null;
        }
    }

    /**
     * A turn on this machine: the engine's pair warmed up once, then one run at each rate of the plan, highest first,
     * as one benchmark ({@link ComparisonPlan#stepping}), its runs then recorded per rate. The same executor runs a
     * grouped comparison's benchmarks one at a time ({@link #benchmark}). Either against a server a user started
     * elsewhere when one is given (remote: its legs are not measured).
     */
    abstract class OnThisMachine implements Executor {
        private final RunOptions options;
        /** A server a user started elsewhere ({@code compare --server}); null: a server per run, here or forked. */
        final InetSocketAddress remoteServer;
        private ProgressListener progress = ProgressListener.NONE;

        OnThisMachine(RunOptions options, InetSocketAddress remoteServer) {
            this.options = options;
            this.remoteServer = remoteServer;
        }

        /** Where each benchmark's runs report their progress. */
        OnThisMachine progress(ProgressListener listener) {
            this.progress = listener;
            return this;
        }

        /**
         * Runs {@code config} for {@code spec}, labelling the result with {@code labels} (the executor adds its own).
         *
         * @throws HarnessException when the engine could not run (no result: the comparison stops with the reason)
         */
        abstract BenchmarkResult run(Contender spec, HarnessConfig config, Map<String, Object> labels,
                                     ProgressListener listener);

        /** What the label {@value ResultLabels#PROCESSES} says of the results. */
        abstract String processes();

        /** One benchmark's result, or (null) why it could not run; {@code label}: its contender's. */
        record Benchmark(String label, BenchmarkResult result, String failure) {
            /**
             * Why the comparison stops after it, naming the contender: it could not run, or it ended early; else
             * null.
             */
            String stopReason() {
                if (result == null) {
                    return failure;
                }
                if (!result.aborted()) {
                    return null;
                }
                String reason = result.abortReason();
                return reason.startsWith(label + ": ") ? reason : label + ": " + reason;
            }
        }

        /** Runs {@code config} for {@code spec}, labelled as every benchmark of a comparison is. */
        Benchmark benchmark(Contender spec, HarnessConfig config) {
            Map<String, Object> labels = new LinkedHashMap<>();
            labels.put(ResultLabels.ENGINE, spec.engineName());
            labels.put(ResultLabels.PROFILE, spec.profile());
            if (spec.isPair()) {
                labels.put(ResultLabels.CLIENT, spec.client().label());
                labels.put(ResultLabels.SERVER, spec.server().label());
            }
            labels.put(ResultLabels.PROCESSES, processes());
            if (options.sessions() > 1) {
                labels.put(ResultLabels.SESSIONS, options.sessions());
            }
            if (!options.flow().isFixed()) {
                labels.put(ResultLabels.WORKLOAD, options.flow().name());
            }
            if (remoteServer != null) {
                labels.put("remoteServer", remoteServer.getHostString() + ":" + remoteServer.getPort());
                labels.put("legs", "not measured: the server is another host's process, with no clock in common");
            }
            try {
                return new Benchmark(spec.label(), run(spec, config, labels, progress), null);
            } catch (HarnessException e) {
                return new Benchmark(spec.label(), null, spec.label() + ": " + e.getMessage());
            }
        }

        @Override
        public Turn turn(ComparisonPlan plan, int round, int engine) {
            Benchmark b = benchmark(plan.engines().get(engine), plan.stepping().get(engine));
            List<BenchmarkResult> perRate = b.result() == null ? List.of() : perRate(b.result(), plan.singles(),
                    engine * plan.rates().size(), plan.descendingRates(), plan.rates());
            return new Turn(perRate, b.stopReason());
        }

        /**
         * An engine pair's runs, one per rate in turn, as one result per rate (under that engine × rate's
         * configuration, {@code singles.get(first + r)}), up to the last rate that ran; the one that ended early
         * keeps the reason. Labels are the pair's, with each run's JVM pauses numbered as its own run 1.
         */
        static List<BenchmarkResult> perRate(BenchmarkResult pair, List<HarnessConfig> singles, int first,
                                             long[] runRates, List<Long> rates) {
            List<BenchmarkResult> out = new ArrayList<>();
            List<RunResult> runs = pair.runs();
            for (int k = 0; k < runRates.length && k < runs.size(); k++) {
                RunResult run = runs.get(k);
                int r = rates.indexOf(runRates[k]);
                int number = run.run();
                Map<String, Object> labels = new LinkedHashMap<>(pair.labels());
                List<Object> pauses = new ArrayList<>();
                for (JvmPauses p : JvmPauses.fromLabels(pair.labels())) {
                    if (p.run() == number) {
                        pauses.add(p.renumbered(1).toLabel());
                    }
                }
                labels.remove(JvmPauses.LABEL);
                if (!pauses.isEmpty()) {
                    labels.put(JvmPauses.LABEL, pauses);
                }
                boolean last = k == runs.size() - 1;
                out.add(new BenchmarkResult(singles.get(first + r).name(), singles.get(first + r), labels,
                        pair.warmupIterations(), List.of(run.renumbered(1, false)), pair.pinning(),
                        last ? pair.abortReason() : null, k == 0 ? pair.warmupLateReplies() : 0,
                        last ? pair.straySamples() : 0, pair.warmupEndedCompiling()));
            }
            if (runs.isEmpty() && pair.aborted() && runRates.length > 0) {
                int r = rates.indexOf(runRates[0]);
                out.add(new BenchmarkResult(singles.get(first + r).name(), singles.get(first + r), pair.labels(),
                        pair.warmupIterations(), List.of(), pair.pinning(), pair.abortReason(),
                        pair.warmupLateReplies(), pair.straySamples(), pair.warmupEndedCompiling()));
            }
            return out;
        }
    }

    /** In this process: a fresh engine pair (or a client against the remote server) in a fresh work folder. */
    final class InProcess extends OnThisMachine {
        private final PrintStream out;
        private final InetAddress bindAddress;
        private final Duration connectTimeout;

        private final Profiles profiles;
        private int sessions = 1;
        private org.fixbench.engine.OrderFlow flow = org.fixbench.engine.OrderFlow.fixed();

        /** Each benchmark opens this many FIX sessions. */
        public InProcess sessions(int count) {
            this.sessions = count;
            return this;
        }

        /** What each session sends. */
        public InProcess flow(org.fixbench.engine.OrderFlow orders) {
            this.flow = orders;
            return this;
        }

        public InProcess(RunOptions options, PrintStream out, InetAddress bindAddress, Duration connectTimeout,
                         InetSocketAddress remoteServer) {
            this(options, out, bindAddress, connectTimeout, remoteServer, Profiles.NONE);
        }

        public InProcess(RunOptions options, PrintStream out, InetAddress bindAddress, Duration connectTimeout,
                         InetSocketAddress remoteServer, Profiles profiles) {
            super(options, remoteServer);
            this.out = out;
            this.bindAddress = bindAddress;
            this.connectTimeout = connectTimeout;
            this.profiles = profiles;
        }

        @Override
        BenchmarkResult run(Contender spec, HarnessConfig config, Map<String, Object> labels,
                            ProgressListener progress) {
            Path work;
            try {
                work = Directories.createWork("run");
            } catch (IOException e) {
                throw new HarnessException("cannot create a work folder: " + e.getMessage());
            }
            Profiler profiler = profiles.kind() == null ? null : new Profiler(profiles.kind(), progress,
                    profiles.file(config.name(), remoteServer != null ? "client" : "client+server"), out);
            try {
                RoundTripTask task = task(spec, work);
                BenchmarkResult result = new LatencyBenchmark(config, out, profiler == null ? progress : profiler)
                        .run(task, labels);
                labels.put(ResultLabels.ENGINE_NOTES, task.engineNotes());
                return result;
            } finally {
                if (profiler != null) {
                    profiles.written(labels, profiler.finish());
                }
                Directories.deleteRecursively(work);
            }
        }

        /** The task of one benchmark (also the settling round's). */
        RoundTripTask task(Contender c, Path work) {
            if (remoteServer != null) {
                return RoundTripTask.againstServer(c.client(), remoteServer, null, work, connectTimeout)
                        .sessions(sessions).flow(flow);
            }
            return (c.isPair() ? new RoundTripTask(c.asEngine(), c.server().profile(), c.server().profileFile(),
                    c.label(), work, bindAddress, connectTimeout)
                    : new RoundTripTask(c.client(), work, bindAddress, connectTimeout)).sessions(sessions).flow(flow);
        }

        @Override
        String processes() {
            return "one (--fork none: harness, client and server in one JVM)";
        }
    }

    /**
     * Where a sweep's profiles go ({@code profiles/} of the results folder), and what the results say of them:
     * label {@value ResultLabels#PROFILED} (what was profiled, where) and {@value ResultLabels#PROFILES} (the files,
     * relative to the results folder). {@link #NONE}: no profiling.
     */
    record Profiles(String kind, Path resultsFolder) {
        static final Profiles NONE = new Profiles(null, null);

        /** A new file for one benchmark run in one role: {@code profiles/<benchmark>-<role>-<kind>[-k].html}. */
        Path file(String benchmark, String role) {
            Path dir = resultsFolder.resolve("profiles");
            String stem = org.fixbench.harness.results.ResultsWriter.safeName(benchmark + "-" + role + "-" + kind);
            Path file = dir.resolve(stem + Profiler.extension(kind));
            for (int k = 2; java.nio.file.Files.exists(file); k++) {
                file = dir.resolve(stem + "-" + k + Profiler.extension(kind));
            }
            return file;
        }

        /** Records on the result's labels that it was profiled, and the file when one was written. */
        @SuppressWarnings("unchecked")
        void written(Map<String, Object> labels, Path file) {
            labels.put(ResultLabels.PROFILED, kind + " (" + ("jfr".equals(kind) ? "JFR" : "async-profiler") + "), "
                    + "measured runs only, in each JVM of a run (forked: the client's and the server's; --fork none: the one)");
            if (file != null) {
                Object list = labels.computeIfAbsent(ResultLabels.PROFILES, k -> new java.util.ArrayList<String>());
                ((java.util.List<String>) list).add(resultsFolder.relativize(file).toString());
            }
        }
    }

    /** Each run's server and the harness with its client in JVMs of their own (see {@link ForkedRun}). */
    final class Forked extends OnThisMachine {
        private final ForkedRun forked;
        private final Map<String, Object> environment;
        private final PrintStream out;

        /** {@code environment}: where the first forked commands are recorded. */
        public Forked(RunOptions options, PrintStream out, ForkedRun forked, InetSocketAddress remoteServer,
                      Map<String, Object> environment) {
            super(options, remoteServer);
            this.out = out;
            this.forked = forked;
            this.environment = environment;
        }

        @Override
        BenchmarkResult run(Contender spec, HarnessConfig config, Map<String, Object> labels,
                            ProgressListener progress) {
            progress.runStarting(config.name(), 0, config.runs(), true);
            BenchmarkResult result = forked.run(spec, config, labels, remoteServer);
            if (result.runs().isEmpty() && result.aborted()) {
                out.println("Benchmark ended early: " + result.abortReason());
            }
            synchronized (environment) {
                if (forked.lastClientCommand() != null) {
                    environment.putIfAbsent(ComparisonRecord.FORKED_CLIENT_COMMAND, forked.lastClientCommand());
                }
                if (forked.lastServerCommand() != null) {
                    environment.putIfAbsent(ComparisonRecord.FORKED_SERVER_COMMAND, forked.lastServerCommand());
                }
            }
            return result;
        }

        @Override
        String processes() {
            return remoteServer != null ? "client forked; server remote" : "forked: server and client each in its own JVM";
        }
    }
}
