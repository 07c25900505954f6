package org.fixbench.cli;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fixbench.cli.run.ForkedRun;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The client side of a forked benchmark run ({@link ForkedRun}): the harness and the engine's client in this
 * process, against a server in another, configured by the request file the orchestrating {@code compare} wrote;
 * the result goes back as a file. Not for users: it is started by {@code compare}.
 */
@Command(name = "fork-client", hidden = true, description = "(internal) the client process of a forked benchmark run")
final class ForkClientCommand implements Callable<Integer> {
    @Option(names = "--request", required = true)
    Path request;

    @Option(names = "--result", required = true)
    Path result;

    @Override
    public Integer call() throws Exception {
        ForkedRun.Request r = ForkedRun.read(request);
        HarnessConfig config = r.config().build(r.cpus());
        java.nio.file.Files.createDirectories(Path.of(r.workDirectory()).resolve("client"));
        int port = r.port() != 0 ? r.port() : awaitPort(Path.of(r.workDirectory()).resolve("port"),
                r.connectTimeoutNanos());
        InetSocketAddress serverAddress = new InetSocketAddress(r.host(), port);
        // the run's scenario, if any, opens its side first: a slow client beside the engine's, a relay in front of it
        org.fixbench.cli.run.ClientScenario.Setup setup = new org.fixbench.cli.run.ClientScenario.Setup(r,
                serverAddress, port);
        org.fixbench.cli.run.ClientScenario scenario;
        try {
            scenario = r.scenario() == null ? null : r.scenario().open(setup);
        } catch (org.fixbench.harness.api.HarnessException refused) {
            ForkedRun.write(result, ForkedRun.Reply.nothing(refused.getMessage(), java.util.List.of()));
            return 0;
        }
        RoundTripTask task = RoundTripTask.againstServer(EngineSpec.parse(r.clientSpec()),
                setup.serverAddress, r.probeRing() == null ? null : Path.of(r.probeRing()),
                Path.of(r.workDirectory()).resolve("client"), Duration.ofNanos(r.connectTimeoutNanos()))
                .sessions(setup.sessions).flow(org.fixbench.engine.OrderFlow.parse(r.workload()))
                .identities(setup.firstIdentity, setup.identities);
        if (scenario != null) {
            scenario.task(task);
        }
        BenchmarkResult b;
        // the server's profiler (attached to its JVM) inside the client's, so both cover the same moments
        org.fixbench.cli.run.Profiler serverProfiler = r.profileKind() == null || r.serverPid() <= 0
                || r.serverProfileFile() == null ? null : new org.fixbench.cli.run.Profiler(r.profileKind(),
                ProgressListener.NONE, Path.of(r.serverProfileFile()), System.out, r.serverPid());
        org.fixbench.cli.run.Profiler profiler = r.profileKind() == null ? null : new org.fixbench.cli.run.Profiler(
                r.profileKind(), serverProfiler == null ? ProgressListener.NONE : serverProfiler,
                Path.of(r.profileFile()), System.out);
        ProgressListener listener = profiler == null ? ProgressListener.NONE : profiler;
        if (scenario != null) {
            listener = org.fixbench.cli.run.ClientScenario.both(listener, scenario.listener());
        }
        if (r.gateDirectory() != null) { // one of several client hosts: each run starts when all of them are ready
            listener = org.fixbench.cli.run.ClientScenario.both(listener,
                    new org.fixbench.cli.run.FileGate(Path.of(r.gateDirectory())));
        }
        LatencyBenchmark benchmark = new LatencyBenchmark(config, System.out, listener);
        if (scenario != null) {
            scenario.watch(benchmark);
        }
        if (r.serverPid() > 0) {
            benchmark.watchProcess(r.serverPid()); // the server's threads wait for CPUs as this process's do
            // and the processes it started (an external engine's acceptor), which may not be JVMs
            ProcessHandle.of(r.serverPid()).ifPresent(server -> server.descendants()
                    .forEach(child -> benchmark.watchProcess(child.pid(), false)));
        }
        if (scenario != null) {
            scenario.watchProcesses(benchmark);
        }
        try {
            b = benchmark.run(task, Map.of());
            if (profiler != null) {
                profiler.finish();
            }
            if (serverProfiler != null) {
                serverProfiler.finish();
            }
        } catch (org.fixbench.harness.api.HarnessException e) {
            // it could not start (no logon, no server): the reason goes back as the result, nothing measured
            ForkedRun.write(result, ForkedRun.Reply.nothing(e.getMessage(), task.engineNotes()));
            return 0;
        } finally {
            if (scenario != null) {
                scenario.close();
            }
        }
        java.util.List<String> notes = new java.util.ArrayList<>(task.engineNotes());
        if (benchmark.idleThreads() != null && !benchmark.idleThreads().fits()) {
            notes.add(benchmark.idleThreads().describe(r.clientSpec()));
        }
        if (benchmark.warmupNote() != null) {
            notes.add(benchmark.warmupNote()); // merged across rounds by the orchestrator: "(rounds 2, 3)"
        }
        ForkedRun.write(result, new ForkedRun.Reply(b.warmupIterations(), new java.util.ArrayList<>(b.runs()),
                new java.util.ArrayList<>(b.pinning()), b.abortReason(), b.warmupLateReplies(), b.straySamples(),
                notes, b.warmupEndedCompiling(), scenario != null ? new java.util.ArrayList<>(scenario.observed())
                        : null, benchmark.idleThreads() == null ? null
                        : new java.util.ArrayList<>(benchmark.idleThreads().busyOf("server"))));
        return 0;
    }

    /** The port the server of this run wrote once it listened (the orchestrator stops this process if it dies). */
    private static int awaitPort(Path portFile, long connectTimeoutNanos) throws Exception {
        long deadline = System.nanoTime() + Math.max(connectTimeoutNanos, 30_000_000_000L);
        while (System.nanoTime() < deadline) {
            if (java.nio.file.Files.exists(portFile)) {
                String text = java.nio.file.Files.readString(portFile).trim();
                if (!text.isEmpty()) {
                    return Integer.parseInt(text);
                }
            }
            Thread.sleep(5);
        }
        throw new org.fixbench.harness.api.HarnessException("the server did not listen within the time allowed");
    }
}
