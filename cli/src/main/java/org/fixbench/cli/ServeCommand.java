package org.fixbench.cli;

import org.fixbench.cli.options.Hosts;
import org.fixbench.cli.options.Durations;
import org.fixbench.cli.run.ForkedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.Callable;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * An engine's server role on its own, for conformance checks and for clients on other hosts: it accepts FIX 4.4
 * sessions and answers each NewOrderSingle with the workload's ExecutionReport ({@code --app report}), or echoes
 * orders for a session conformance suite ({@code --app echo}, sbe and quickfixj).
 */
@Command(name = "serve", description = "Run an engine's acceptor on a port until stopped (Ctrl-C) or for --duration.")
final class ServeCommand implements Callable<Integer> {
    private static final long WATCH_EVERY_NANOS = 200_000_000L;
    private static final long STATUS_EVERY_NANOS = 10_000_000_000L;
    @Option(names = "--engine", required = true, paramLabel = "ENGINE[:PROFILE]", description = "the FIX engine to serve")
    String engine;

    @Option(names = "--port", required = true, description = "TCP port to listen on")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "address to bind (default: loopback)")
    String bind;

    @Option(names = "--sender-comp-id", paramLabel = "ID", description = "our SenderCompID (default: ${DEFAULT-VALUE})")
    String senderCompId = Workload.SERVER_COMP_ID;

    @Option(names = "--target-comp-id", paramLabel = "ID", description = "the client's SenderCompID (default: ${DEFAULT-VALUE})")
    String targetCompId = Workload.CLIENT_COMP_ID;

    @Option(names = "--app", paramLabel = "APP", description = "what answers application messages: report = an "
            + "ExecutionReport per NewOrderSingle (default); echo = NewOrderSingle and SecurityDefinition sent back, "
            + "PossResend duplicates dropped, BusinessMessageReject for anything else (sbe, quickfixj)")
    String app = EngineSetup.REPORT;

    @Option(names = "--duration", converter = Durations.class, paramLabel = "DURATION", description = "stop after this long")
    Long durationNanos;

    @Option(names = "--port-file", paramLabel = "FILE", description = "write the port listened on to FILE once "
            + "listening (with --port 0: any free port)")
    Path portFile;

    @Option(names = "--probe-ring", paramLabel = "FILE", hidden = true,
            description = "a ProbeRing file made by a forking compare on this host: the server's probe moments go there")
    Path probeRing;

    @Option(names = "--pin-cpu", paramLabel = "CPU", description = "pin the engine's server thread to this CPU")
    Integer pinCpu;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "keep the engine's files (its stores, its logs) in "
            + "DIR, made if absent and left in place at exit, so that a server started again on it goes on from them "
            + "(default: a fresh folder, removed at exit)")
    Path workDir;

    @Option(names = "--sessions", paramLabel = "N", description = "accept N sessions at once: with N above 1 the "
            + "clients' SenderCompIDs are the --target-comp-id followed by -001 to -N (default: ${DEFAULT-VALUE})")
    int sessions = 1;

    @Option(names = "--workload", paramLabel = "fixed|mixed[:SEED]|FILE", description = "what the clients send "
            + "(the FIX engines answer any; the raw-TCP floor must be told, to know its frames' lengths; "
            + "default: ${DEFAULT-VALUE})")
    String workload = "fixed";

    @Override
    public Integer call() throws Exception {
        EngineSpec spec = EngineSpec.parse(engine);
        if (!spec.engine().speaksFix() && !EngineSetup.REPORT.equals(app)) {
            throw new IllegalArgumentException(spec.engine().name() + " speaks no FIX: it serves only --app report");
        }
        if (pinCpu != null && (pinCpu < 0 || pinCpu >= Runtime.getRuntime().availableProcessors())) {
            throw new IllegalArgumentException("--pin-cpu must be a CPU of this machine, 0-"
                    + (Runtime.getRuntime().availableProcessors() - 1) + " (was " + pinCpu + ")");
        }
        if (port < 0 || port > 65_535 || (port == 0 && portFile == null)) {
            throw new IllegalArgumentException("--port must be 1-65535, or 0 with --port-file (was " + port + ")");
        }
        if (!spec.engine().serverApplications().contains(app)) {
            throw new IllegalArgumentException("--app '" + app + "' is not available for " + spec.engine().name()
                    + " (available: " + String.join(", ", new java.util.TreeSet<>(spec.engine().serverApplications()))
                    + ")");
        }
        if (senderCompId.isBlank() || targetCompId.isBlank()) {
            throw new IllegalArgumentException("CompIDs must not be blank");
        }
        org.fixbench.engine.OrderFlow flow = org.fixbench.engine.OrderFlow.parse(workload);
        String refusal = spec.engine().sessionsRefusal(sessions);
        if (refusal == null) {
            refusal = spec.engine().workloadRefusal(flow);
        }
        if (refusal != null) {
            throw new IllegalArgumentException(refusal);
        }
        AtomicLong orders = new AtomicLong();
        // a black box's server never calls the hooks: it has no count of orders to print
        boolean counts = app.equals(EngineSetup.REPORT) && spec.engine().serverTimesLegs();
        // the ring pairs the k-th order with the k-th report, as on one session: with many, the legs are not measured
        org.fixbench.engine.ProbeRing ring = probeRing == null || sessions > 1 ? null
                : org.fixbench.engine.ProbeRing.open(probeRing);
        ServerHooks counting = new ServerHooks() {
            @Override
            public void orderReceived() {
                if (ring != null) {
                    ring.orderReceived();
                }
                orders.incrementAndGet();
            }

            @Override
            public void reportSending() {
                if (ring != null) {
                    ring.reportSending();
                }
            }
        };
        org.fixbench.engine.Directories.reapOrphans();
        Path work;
        if (workDir == null) {
            work = org.fixbench.engine.Directories.createWork("serve");
        } else if (java.nio.file.Files.exists(workDir) && !java.nio.file.Files.isDirectory(workDir)) {
            throw new IllegalArgumentException("--work-dir " + workDir + " is not a folder");
        } else {
            work = java.nio.file.Files.createDirectories(workDir);
        }
        EngineSetup setup = new EngineSetup(spec.profile(), spec.profileFile(), work, Hosts.bindAddress(bind),
                port, senderCompId, targetCompId, counting, this::pin).withApplication(app).withSessions(sessions)
                .withFlow(flow);
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch cleaned = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                cleaned.await(10, TimeUnit.SECONDS); // the JVM ends when hooks end: wait for the engine and its folders
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            org.fixbench.engine.Directories.removeOwn(); // whatever the engine did not remove in time
        }, "fixbench-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (EngineServer server = spec.engine().server(setup)) {
            var address = server.start();
            if (portFile != null) {
                Path partial = portFile.resolveSibling(portFile.getFileName() + ".partial");
                Files.writeString(partial, Integer.toString(address.getPort()));
                Files.move(partial, portFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
            System.out.println("Serving " + spec.label() + " on " + address + " as SenderCompID=" + senderCompId
                    + ", TargetCompID=" + targetCompId + " (app " + app + "). Ctrl-C stops.");
            long deadline = durationNanos == null ? Long.MAX_VALUE : System.nanoTime() + durationNanos;
            long nextStatus = System.nanoTime() + STATUS_EVERY_NANOS;
            // the server is watched: if a thread of it dies, serve says why and exits non-zero, never printing that
            // it still serves. Run in-process, an interrupt of its thread stops it as Ctrl-C does.
            while (!awaitStop(stop, Math.min(WATCH_EVERY_NANOS, Math.max(1, deadline - System.nanoTime())))) {
                String failure = server.failure();
                if (failure != null) {
                    System.err.println("fixbench serve: the server stopped serving: " + failure);
                    return 1;
                }
                if (System.nanoTime() >= nextStatus) {
                    nextStatus += STATUS_EVERY_NANOS;
                    System.out.println(counts ? "[serve] " + orders.get() + " orders answered"
                            : app.equals(EngineSetup.REPORT) ? "[serve] still serving" : "[serve] echoing; still serving");
                }
                if (System.nanoTime() >= deadline) {
                    break;
                }
            }
            String failure = server.failure();
            if (failure != null) {
                System.err.println("fixbench serve: the server stopped serving: " + failure);
                return 1;
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already stopping: the hook ran
            }
            if (workDir == null) {
                org.fixbench.engine.Directories.deleteRecursively(work);
            }
            cleaned.countDown();
        }
        System.out.println(counts ? "Stopped: " + orders.get() + " orders answered" : "Stopped");
        if (ring != null) {
            ring.close();
        }
        return 0;
    }

    /**
     * Waits up to {@code nanos} for the stop; true once stopped. An interrupt of the serving thread (serve run
     * in-process, as a test runs it) is a stop, as Ctrl-C is: handled here, the cleanup after it runs uninterrupted.
     */
    private static boolean awaitStop(CountDownLatch stop, long nanos) {
        try {
            return stop.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException interrupted) {
            stop.countDown();
            return true;
        }
    }

    /** Pins the engine's thread that plays {@code role} to --pin-cpu, and says what happened (a forking compare reads it). */
    private void pin(String role) {
        if (pinCpu == null) {
            return;
        }
        String thread = Thread.currentThread().getName();
        try {
            java.util.BitSet cpus = new java.util.BitSet();
            cpus.set(pinCpu);
            net.openhft.affinity.Affinity.setAffinity(cpus);
            boolean pinned = net.openhft.affinity.Affinity.getCpu() == pinCpu;
            System.out.println(PIN_LINE + role + " (" + thread + "): " + (pinned ? "pinned to CPU " + pinCpu
                    : "asked for CPU " + pinCpu + ", running on CPU " + net.openhft.affinity.Affinity.getCpu()));
        } catch (RuntimeException | LinkageError e) {
            System.out.println(PIN_LINE + role + " (" + thread + "): not pinned: " + e);
        }
    }

    /** The start of the line {@code serve} prints for each thread it pinned. */
    static final String PIN_LINE = ForkedRun.PIN_LINE;
}
