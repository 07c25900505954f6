package org.fixbench.cli;

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

    @Override
    public Integer call() throws Exception {
        EngineSpec spec = EngineSpec.parse(engine);
        if (spec.engine().name().equals("tcp")) {
            throw new IllegalArgumentException("tcp is the raw-TCP floor, not a FIX engine: serve needs a FIX engine");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("--port must be 1-65535 (was " + port + ")");
        }
        if (!spec.engine().serverApplications().contains(app)) {
            throw new IllegalArgumentException("--app '" + app + "' is not available for " + spec.engine().name()
                    + " (available: " + String.join(", ", new java.util.TreeSet<>(spec.engine().serverApplications()))
                    + ")");
        }
        if (senderCompId.isBlank() || targetCompId.isBlank()) {
            throw new IllegalArgumentException("CompIDs must not be blank");
        }
        AtomicLong orders = new AtomicLong();
        ServerHooks counting = new ServerHooks() {
            @Override
            public void orderReceived() {
                orders.incrementAndGet();
            }

            @Override
            public void reportSending() {
            }
        };
        Path work = Files.createTempDirectory("fixbench-serve-");
        EngineSetup setup = new EngineSetup(spec.profile(), spec.profileFile(), work, CompareCommand.bindAddress(bind),
                port, senderCompId, targetCompId, counting, role -> { }).withApplication(app);
        CountDownLatch stop = new CountDownLatch(1);
        Thread hook = new Thread(stop::countDown, "fixbench-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (EngineServer server = spec.engine().server(setup)) {
            var address = server.start();
            System.out.println("Serving " + spec.label() + " on " + address + " as SenderCompID=" + senderCompId
                    + ", TargetCompID=" + targetCompId + " (app " + app + "). Ctrl-C stops.");
            long deadline = durationNanos == null ? Long.MAX_VALUE : System.nanoTime() + durationNanos;
            long nextStatus = System.nanoTime() + STATUS_EVERY_NANOS;
            // the server is watched: if a thread of it dies, serve says why and exits non-zero, never printing that
            // it still serves
            while (!stop.await(Math.min(WATCH_EVERY_NANOS, Math.max(1, deadline - System.nanoTime())),
                    TimeUnit.NANOSECONDS)) {
                String failure = server.failure();
                if (failure != null) {
                    System.err.println("fixbench serve: the server stopped serving: " + failure);
                    return 1;
                }
                if (System.nanoTime() >= nextStatus) {
                    nextStatus += STATUS_EVERY_NANOS;
                    System.out.println(app.equals(EngineSetup.REPORT) ? "[serve] " + orders.get()
                            + " orders answered" : "[serve] echoing; still serving");
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
            org.fixbench.engine.Directories.deleteRecursively(work);
        }
        System.out.println(app.equals(EngineSetup.REPORT) ? "Stopped: " + orders.get() + " orders answered" : "Stopped");
        return 0;
    }
}
