package org.fixbench.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.fixbench.cli.results.ResultLabels;
import org.fixbench.engine.Directories;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.results.BenchmarkResult;

/**
 * Runs one benchmark of a sweep, the same way for every engine: in this process ({@link InProcess}), or with the
 * server and the harness with the client each in a JVM of its own ({@link Forked}); either against a server a user
 * started elsewhere when one is given (remote: its legs are not measured).
 */
public interface Executor {
    /**
     * Runs {@code config} for {@code spec}, labelling the result with {@code labels} (the executor adds its own).
     *
     * @throws HarnessException when the engine could not run (no result: the sweep stops with the reason)
     */
    BenchmarkResult run(Contender spec, HarnessConfig config, Map<String, Object> labels, ProgressListener progress);

    /** What the label {@value ResultLabels#PROCESSES} says of the results. */
    String processes();

    /** In this process: a fresh engine pair (or a client against the remote server) in a fresh work folder. */
    final class InProcess implements Executor {
        private final PrintStream out;
        private final InetAddress bindAddress;
        private final Duration connectTimeout;
        private final InetSocketAddress remoteServer;

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

        public InProcess(PrintStream out, InetAddress bindAddress, Duration connectTimeout,
                         InetSocketAddress remoteServer) {
            this(out, bindAddress, connectTimeout, remoteServer, Profiles.NONE);
        }

        public InProcess(PrintStream out, InetAddress bindAddress, Duration connectTimeout,
                         InetSocketAddress remoteServer, Profiles profiles) {
            this.out = out;
            this.bindAddress = bindAddress;
            this.connectTimeout = connectTimeout;
            this.remoteServer = remoteServer;
            this.profiles = profiles;
        }

        @Override
        public BenchmarkResult run(Contender spec, HarnessConfig config, Map<String, Object> labels,
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
        public String processes() {
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
    final class Forked implements Executor {
        private final ForkedRun forked;
        private final InetSocketAddress remoteServer;
        private final Map<String, Object> environment;

        /** {@code environment}: where the first forked commands are recorded. */
        public Forked(ForkedRun forked, InetSocketAddress remoteServer, Map<String, Object> environment) {
            this.forked = forked;
            this.remoteServer = remoteServer;
            this.environment = environment;
        }

        @Override
        public BenchmarkResult run(Contender spec, HarnessConfig config, Map<String, Object> labels,
                                   ProgressListener progress) {
            progress.runStarting(config.name(), 0, config.runs(), true);
            BenchmarkResult result = forked.run(spec, config, labels, remoteServer);
            synchronized (environment) {
                if (forked.lastClientCommand() != null) {
                    environment.putIfAbsent("forkedClientCommand", forked.lastClientCommand());
                }
                if (forked.lastServerCommand() != null) {
                    environment.putIfAbsent("forkedServerCommand", forked.lastServerCommand());
                }
            }
            return result;
        }

        @Override
        public String processes() {
            return remoteServer != null ? "client forked; server remote" : "forked: server and client each in its own JVM";
        }
    }
}
