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
 * the direct buffers in use, the mapped buffers (files mapped into memory: address space, resident only as far as
 * touched), the process's resident set and the live threads are read, each less the same reading just before the
 * engine started. Each engine is first started and measured once unrecorded with the fewest sessions, so that what
 * it keeps for the JVM's life (classes' static tables, pools) is in every baseline rather than in the first reading.
 * The cost per session is the slope between the smallest and the largest session count: what one more session
 * adds, both sides together (client and server are in one process). Native memory outside Java buffers and thread
 * stacks show only in the resident set, which also holds heap the JVM committed and did not give back.
 */
public final class SessionMemory {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** A resident set this system does not report. */
    static final long UNKNOWN = Long.MIN_VALUE;

    private SessionMemory() {
    }

    /** One reading: with {@code sessions} logged on, less the same reading with none started. */
    public record Reading(String engine, int sessions, long heapBytes, long directBytes, long mappedBytes,
                          long residentBytes, int threads) {
        /** Heap and direct buffers: what the engine holds in Java memory for its sessions. */
        long bytes() {
            return heapBytes + directBytes;
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
                with.directBytes - before.directBytes, with.mappedBytes - before.mappedBytes,
                with.residentBytes == UNKNOWN || before.residentBytes == UNKNOWN ? UNKNOWN
                        : with.residentBytes - before.residentBytes,
                with.threads - before.threads);
    }

    /** The table: one row per engine and session count, and each engine's bytes per added session. */
    public static String markdown(List<Reading> readings) {
        StringBuilder md = new StringBuilder("Memory with N sessions logged on and one order answered on each, less "
                + "the same JVM just before the engine started, after full collections; client and server together "
                + "(one process), each engine first run once unrecorded. Heap: in use. Direct: direct buffers in use. "
                + "Mapped: files mapped into memory (address space; resident only as far as touched). Resident: the "
                + "process's resident set (also native memory and thread stacks, and heap the JVM committed and kept)."
                + " Per session: (value at the most sessions − value at the fewest) / (difference in sessions).\n\n"
                + "| engine | sessions | heap, KiB | direct, KiB | mapped, KiB | resident, KiB | threads |\n"
                + "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (Reading r : readings) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %,d | %,d | %,d | %s | %+d |%n", r.engine(),
                    r.sessions(), r.heapBytes() / 1024, r.directBytes() / 1024, r.mappedBytes() / 1024,
                    r.residentBytes() == UNKNOWN ? "-" : String.format(Locale.ROOT, "%,d", r.residentBytes() / 1024),
                    r.threads()));
        }
        md.append("\n| engine | per added session: heap + direct, KiB | resident, KiB | threads |\n"
                + "| --- | ---: | ---: | ---: |\n");
        for (String engine : new java.util.LinkedHashSet<>(readings.stream().map(Reading::engine).toList())) {
            List<Reading> of = readings.stream().filter(r -> r.engine().equals(engine)).toList();
            Reading least = of.stream().min(java.util.Comparator.comparingInt(Reading::sessions)).orElseThrow();
            Reading most = of.stream().max(java.util.Comparator.comparingInt(Reading::sessions)).orElseThrow();
            if (most.sessions() == least.sessions()) {
                continue;
            }
            double added = most.sessions() - least.sessions();
            md.append(String.format(Locale.ROOT, "| %s | %,.1f | %s | %.2f |%n", engine,
                    (most.bytes() - least.bytes()) / 1024.0 / added,
                    most.residentBytes() == UNKNOWN || least.residentBytes() == UNKNOWN ? "-" : String.format(Locale.ROOT, "%,.1f",
                            (most.residentBytes() - least.residentBytes()) / 1024.0 / added),
                    (most.threads() - least.threads()) / added));
        }
        return md.toString();
    }

    /** Heap in use after full collections, Java buffers in use, the resident set ({@link #UNKNOWN} when unknown), live threads. */
    private record Snapshot(long heapBytes, long directBytes, long mappedBytes, long residentBytes, int threads) {
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
            long direct = 0;
            long mapped = 0;
            for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
                if (pool.getName().equals("direct")) {
                    direct += Math.max(0, pool.getMemoryUsed());
                } else if (pool.getName().equals("mapped")) {
                    mapped += Math.max(0, pool.getMemoryUsed());
                }
            }
            return new Snapshot(heap, direct, mapped, readResidentBytes(), Thread.activeCount());
        }

        /** VmRSS of /proc/self/status, in bytes; {@link #UNKNOWN} where there is none. */
        private static long readResidentBytes() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                    }
                }
            } catch (java.io.IOException | NumberFormatException e) {
                // not Linux, or unreadable
            }
            return UNKNOWN;
        }
    }

    public static List<Reading> measureAll(List<EngineSpec> specs, List<Integer> sessionCounts, Path workDirectory,
                                    java.io.PrintStream progress) throws Exception {
        List<Reading> readings = new ArrayList<>();
        for (EngineSpec spec : specs) {
            progress.println("[memory] " + spec.label() + ": a first start, not recorded ...");
            measure(spec, sessionCounts.get(0), workDirectory.resolve("first"));
            for (int n : sessionCounts) {
                progress.println("[memory] " + spec.label() + " with " + n + " session(s) ...");
                readings.add(measure(spec, n, workDirectory));
            }
        }
        return readings;
    }
}
