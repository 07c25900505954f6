package org.fixbench.cli.run;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.ServerHooks;

/**
 * What each FIX session costs in memory, measured: for one engine, a server and a client carrying N sessions start
 * in this JVM, every session logs on and has one order answered, and then, after full collections, the heap in use,
 * the direct and mapped buffers in use and the live threads are read, and again once both are closed. The cost per
 * session is the slope between the smallest and the largest session count: what one more session adds, both sides
 * together (client and server are in one process). Native memory an engine takes outside Java buffers, and thread
 * stacks, are not in the bytes; threads are counted.
 */
public final class SessionMemory {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private SessionMemory() {
    }

    /** One reading: with {@code sessions} logged on, less the same reading with none started. */
    public record Reading(String engine, int sessions, long heapBytes, long bufferBytes, int threads) {
        long bytes() {
            return heapBytes + bufferBytes;
        }
    }

    /** Starts, logs on and measures {@code spec} with {@code sessions} sessions; closes both sides before returning. */
    public static Reading measure(EngineSpec spec, int sessions, Path workDirectory) throws Exception {
        String refusal = spec.engine().sessionsRefusal(sessions);
        if (refusal != null) {
            throw new IllegalArgumentException(refusal);
        }
        Snapshot before = Snapshot.take();
        EngineSetup setup = new EngineSetup(spec.profile(), spec.profileFile(),
                Files.createDirectories(workDirectory.resolve(spec.engine().name() + "-" + sessions)),
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { }).withSessions(sessions);
        AtomicLong answered = new AtomicLong();
        AtomicReference<String> lost = new AtomicReference<>();
        Snapshot with;
        try (EngineServer server = spec.engine().server(setup); EngineClient client = spec.engine().client(setup)) {
            InetSocketAddress address = server.start();
            client.connect(address, new ReportListener() {
                @Override
                public void onExecutionReport(long clOrdId) {
                    answered.incrementAndGet();
                }

                @Override
                public void onDisconnect(String reason) {
                    lost.compareAndSet(null, reason);
                }
            }, TIMEOUT);
            for (int i = 0; i < sessions; i++) {
                client.send(i, i + 1);
            }
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (answered.get() < sessions) {
                if (lost.get() != null) {
                    throw new IllegalStateException(spec.label() + " with " + sessions + " sessions: " + lost.get());
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(spec.label() + " with " + sessions + " sessions: " + answered.get()
                            + " of " + sessions + " orders answered within " + TIMEOUT.toSeconds() + " s");
                }
                if (!client.receivesOnCallerThread() || !client.poll()) {
                    Thread.sleep(1);
                }
            }
            with = Snapshot.take();
        }
        return new Reading(spec.label(), sessions, with.heapBytes - before.heapBytes,
                with.bufferBytes - before.bufferBytes, with.threads - before.threads);
    }

    /** The table: one row per engine and session count, and each engine's bytes per added session. */
    public static String markdown(List<Reading> readings) {
        StringBuilder md = new StringBuilder("Memory with N sessions logged on, less the same JVM before the engine "
                + "started, after full collections; client and server together (one process). Heap: in use. "
                + "Buffers: direct and mapped Java buffers in use. Per session: (bytes at the most sessions − bytes "
                + "at the fewest) / (difference in sessions). Thread stacks and native memory outside Java buffers "
                + "are not in the bytes.\n\n| engine | sessions | heap, KiB | buffers, KiB | total, KiB | threads |"
                + "\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
        for (Reading r : readings) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %,d | %,d | %,d | %+d |%n", r.engine(), r.sessions(),
                    r.heapBytes() / 1024, r.bufferBytes() / 1024, r.bytes() / 1024, r.threads()));
        }
        md.append("\n| engine | per added session, KiB (heap + buffers) | threads per added session |\n"
                + "| --- | ---: | ---: |\n");
        for (String engine : new java.util.LinkedHashSet<>(readings.stream().map(Reading::engine).toList())) {
            List<Reading> of = readings.stream().filter(r -> r.engine().equals(engine)).toList();
            Reading least = of.stream().min(java.util.Comparator.comparingInt(Reading::sessions)).orElseThrow();
            Reading most = of.stream().max(java.util.Comparator.comparingInt(Reading::sessions)).orElseThrow();
            if (most.sessions() == least.sessions()) {
                continue;
            }
            int added = most.sessions() - least.sessions();
            md.append(String.format(Locale.ROOT, "| %s | %,.1f | %.2f |%n", engine,
                    (most.bytes() - least.bytes()) / 1024.0 / added, (most.threads() - least.threads()) / (double) added));
        }
        return md.toString();
    }

    /** Heap in use after full collections, Java buffers in use, live threads. */
    private record Snapshot(long heapBytes, long bufferBytes, int threads) {
        static Snapshot take() throws InterruptedException {
            long previous = Long.MAX_VALUE;
            long heap = 0;
            for (int i = 0; i < 5; i++) { // until a collection frees no more than 1%
                System.gc();
                Thread.sleep(100);
                heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
                if (previous != Long.MAX_VALUE && previous - heap < previous / 100) {
                    break;
                }
                previous = heap;
            }
            long buffers = 0;
            for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
                buffers += Math.max(0, pool.getMemoryUsed());
            }
            return new Snapshot(heap, buffers, Thread.activeCount());
        }
    }

    public static List<Reading> measureAll(List<EngineSpec> specs, List<Integer> sessionCounts, Path workDirectory,
                                    java.io.PrintStream progress) throws Exception {
        List<Reading> readings = new ArrayList<>();
        for (EngineSpec spec : specs) {
            for (int n : sessionCounts) {
                progress.println("[memory] " + spec.label() + " with " + n + " session(s) ...");
                readings.add(measure(spec, n, workDirectory));
            }
        }
        return readings;
    }
}
