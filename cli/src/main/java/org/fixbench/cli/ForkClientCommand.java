package org.fixbench.cli;

import org.fixbench.cli.run.ForkedRun;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.HarnessConfig;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
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
        org.fixbench.cli.run.Relay relay = null;
        org.fixbench.cli.run.SlowConsumer scenario = null;
        org.fixbench.cli.run.SlowClient slowClient = null;
        int sessions = r.sessions();
        int firstIdentity = r.firstIdentity();
        int identities = r.identities();
        if (r.slowConsumer() != null) {
            // session 1 is a plain client of its own that stops reading its socket (see SlowConsumer); the engine's
            // client carries sessions 2 and on, measured
            EngineSpec spec = EngineSpec.parse(r.clientSpec());
            slowClient = new org.fixbench.cli.run.SlowClient(serverAddress, "tcp".equals(spec.engine().name())
                    ? org.fixbench.cli.run.SlowClient.Protocol.RAW : org.fixbench.cli.run.SlowClient.Protocol.FIX,
                    org.fixbench.engine.Workload.clientCompId(org.fixbench.engine.Workload.CLIENT_COMP_ID, 0,
                            r.sessions()), org.fixbench.engine.Workload.SERVER_COMP_ID,
                    r.slowConsumer().windowBytes(), r.slowConsumer().slowRatePerSecond(), r.connectTimeoutNanos());
            String refused = slowClient.awaitLogon(r.connectTimeoutNanos());
            if (refused != null) {
                slowClient.close();
                ForkedRun.write(result, new ForkedRun.Reply(0, new java.util.ArrayList<>(),
                        new java.util.ArrayList<>(), refused, 0, 0, new java.util.ArrayList<>(), false, null));
                return 0;
            }
            scenario = new org.fixbench.cli.run.SlowConsumer(slowClient, r.slowConsumer(), r.serverPid(), port);
            sessions = r.sessions() - 1;
            firstIdentity = 1;
            identities = r.sessions();
        }
        org.fixbench.cli.run.ResendStorm storm = null;
        if (r.resendStorm() != null || r.serverRestart() != null) {
            // the session's connection goes through a relay that cuts its streams into whole messages: it can lose
            // a stretch of them, both ways (resend-storm), and it reads their sequence numbers (server-restart)
            relay = new org.fixbench.cli.run.Relay(serverAddress, org.fixbench.engine.Workload.clientCompId(
                    org.fixbench.engine.Workload.CLIENT_COMP_ID, 0, r.sessions()), 0,
                    org.fixbench.cli.run.Relay.DEFAULT_RECEIVE_BUFFER_BYTES);
            relay.frameSlowSession(new org.fixbench.cli.run.Frames.Lengths(
                    org.fixbench.engine.Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2,
                            java.time.Instant.EPOCH).length,
                    org.fixbench.engine.Workload.sampleExecutionReport(1_234_567_890_123_456L, 1, 2,
                            java.time.Instant.EPOCH).length));
            if (r.resendStorm() != null) {
                storm = new org.fixbench.cli.run.ResendStorm(relay, r.resendStorm(), r.serverPid());
            }
            serverAddress = relay.address();
        }
        RoundTripTask task = RoundTripTask.againstServer(EngineSpec.parse(r.clientSpec()),
                serverAddress, r.probeRing() == null ? null : Path.of(r.probeRing()),
                Path.of(r.workDirectory()).resolve("client"), Duration.ofNanos(r.connectTimeoutNanos()))
                .sessions(sessions).flow(org.fixbench.engine.OrderFlow.parse(r.workload()))
                .toleratingGaps(r.resendStorm() != null).identities(firstIdentity, identities);
        boolean cut = r.resendStorm() != null && r.resendStorm().cut();
        task.reconnecting(r.serverRestart() != null || cut).keepingSession(cut);
        if (cut) {
            // the client logs on again once the relay takes connections again, with the session it had
            org.fixbench.cli.run.Relay cutter = relay;
            task.serverReady(() -> !cutter.cutting(), Duration.ofMillis(r.resendStorm().gapMillis())
                    .plusNanos(r.connectTimeoutNanos()));
            storm.client(task);
        }
        if (r.serverRestart() != null && org.fixbench.cli.run.SlowConsumer.PROC_NET_TCP_READABLE) {
            // a fresh client is made once the server listens again (the relay would accept it before)
            task.serverReady(() -> org.fixbench.cli.run.SlowConsumer.SocketQueues.listening(port));
        }
        org.fixbench.cli.run.ServerRestart restart = r.serverRestart() == null ? null
                : new org.fixbench.cli.run.ServerRestart(relay, task, r.serverRestart(), r.serverPid(),
                Path.of(r.workDirectory()).resolve(org.fixbench.cli.run.ServerRestart.KILL_MARK));
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
            listener = org.fixbench.cli.run.SlowConsumer.both(listener, scenario);
        }
        org.fixbench.cli.run.Burst burst = r.burst() == null ? null : new org.fixbench.cli.run.Burst(r.burst());
        if (burst != null) {
            listener = org.fixbench.cli.run.SlowConsumer.both(listener, burst);
        }
        if (storm != null) {
            listener = org.fixbench.cli.run.SlowConsumer.both(listener, storm);
        }
        if (restart != null) {
            listener = org.fixbench.cli.run.SlowConsumer.both(listener, restart);
        }
        if (r.gateDirectory() != null) { // one of several client hosts: each run starts when all of them are ready
            listener = org.fixbench.cli.run.SlowConsumer.both(listener,
                    new org.fixbench.cli.run.FileGate(Path.of(r.gateDirectory())));
        }
        LatencyBenchmark benchmark = new LatencyBenchmark(config, System.out, listener);
        if (burst != null) {
            burst.watch(benchmark);
        }
        if (storm != null) {
            storm.watch(benchmark);
        }
        if (restart != null) {
            restart.watch(benchmark);
        }
        if (r.serverPid() > 0) {
            benchmark.watchProcess(r.serverPid()); // the server's threads wait for CPUs as this process's do
            // and the processes it started (an external engine's acceptor), which may not be JVMs
            ProcessHandle.of(r.serverPid()).ifPresent(server -> server.descendants()
                    .forEach(child -> benchmark.watchProcess(child.pid(), false)));
        }
        if (restart != null) {
            // the orchestrator reaps the killed server, whose whole CPU time then shows as the orchestrator's
            // (cutime): that is the server's, not another process's; the server started again is watched once known
            ProcessHandle.current().parent().ifPresent(p -> benchmark.watchProcess(p.pid()));
        }
        try {
            b = benchmark.run(task, Map.of());
            if (profiler != null) {
                profiler.finish();
            }
            if (serverProfiler != null) {
                serverProfiler.finish();
            }
        } catch (org.fixbench.harness.HarnessException e) {
            // it could not start (no logon, no server): the reason goes back as the result, nothing measured
            ForkedRun.write(result, new ForkedRun.Reply(0, new java.util.ArrayList<>(), new java.util.ArrayList<>(),
                    e.getMessage(), 0, 0, new java.util.ArrayList<>(task.engineNotes()), false, null));
            return 0;
        } finally {
            if (scenario != null) {
                scenario.close();
            }
            if (slowClient != null) {
                slowClient.close();
            }
            if (storm != null) {
                storm.close();
            }
            if (restart != null) {
                restart.close();
            }
            if (relay != null) {
                relay.close();
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
                        : burst != null ? new java.util.ArrayList<>(burst.observed())
                        : storm != null ? new java.util.ArrayList<>(storm.observed())
                        : restart != null ? new java.util.ArrayList<>(restart.observed()) : null));
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
        throw new org.fixbench.harness.HarnessException("the server did not listen within the time allowed");
    }
}
