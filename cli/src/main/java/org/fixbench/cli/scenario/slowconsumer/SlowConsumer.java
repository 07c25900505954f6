package org.fixbench.cli.scenario.slowconsumer;

import static org.fixbench.cli.scenario.ProcessReadings.fields;
import static org.fixbench.cli.scenario.ProcessReadings.rssKb;
import static org.fixbench.cli.scenario.slowconsumer.SlowConsumerTable.*;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.run.ClientScenario;
import org.fixbench.cli.run.ForkedRun;
import org.fixbench.cli.scenario.SocketQueues;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.results.RunResult;

/**
 * The {@code slow-consumer} scenario inside a forked client: in the measured run {@link Plan#stallRun()}, from
 * {@link Plan#delayMillis()} after it starts, the {@link SlowClient} (the slow session, a plain client on a connection
 * of its own) stops reading its socket for {@link Plan#stallMillis()} while it goes on sending; the other measured run
 * of the pair is the same without it. The engine's own client carries the other sessions, measured by the harness.
 * Per measured run it reads, every {@link #RSS_NANOS} ns, the server process's resident set ({@code /proc/PID/status},
 * VmRSS), and during the stall every {@link #SOCKET_CHECK_NANOS} ns the slow session's socket ({@code /proc/net/tcp}:
 * closed by the server), and at the stall's end, before reading again, where the slow session's bytes are: orders the
 * server has not read (in its socket, in the slow client's buffer, or not sent because that buffer was full) and
 * reports in the kernel on their way (the server's send queue and the slow client's receive queue).
 */
public final class SlowConsumer implements ProgressListener, AutoCloseable {
    /**
     * How often the slow session's socket is looked up during the stall (when the server closed it: within this),
     * and the server's resident set read. Seldom: on 2 CPUs that the engine's threads keep busy, each wake-up of
     * this watcher takes a CPU from one of them for a scheduler slice, a few milliseconds.
     */
    static final long SOCKET_CHECK_NANOS = 500_000_000L;
    static final long RSS_NANOS = 500_000_000L;

    /** What the scenario does in one benchmark (the pair of measured runs). */
    public record Plan(int stallRun, long delayMillis, long stallMillis, int windowBytes, long slowRatePerSecond)
            implements ClientScenario.Plan {
        public Plan {
            if (stallRun < 1 || delayMillis < 0 || stallMillis <= 0 || windowBytes < 1 || slowRatePerSecond < 1) {
                throw new IllegalArgumentException("slow-consumer: stall run " + stallRun + ", delay " + delayMillis
                        + " ms, stall " + stallMillis + " ms, window " + windowBytes + " bytes, slow session "
                        + slowRatePerSecond + "/s");
            }
        }

        /**
         * Session 1 is a plain client of its own that stops reading its socket; the engine's client carries sessions
         * 2 and on, measured.
         */
        @Override
        public ClientScenario open(ClientScenario.Setup setup) throws Exception {
            ForkedRun.Request r = setup.request;
            org.fixbench.engine.EngineSpec spec = org.fixbench.engine.EngineSpec.parse(r.clientSpec());
            SlowClient slowClient = new SlowClient(setup.serverAddress, spec.engine().speaksFix()
                    ? SlowClient.Protocol.FIX : SlowClient.Protocol.RAW,
                    org.fixbench.engine.Workload.clientCompId(org.fixbench.engine.Workload.CLIENT_COMP_ID, 0,
                            r.sessions()), org.fixbench.engine.Workload.SERVER_COMP_ID, windowBytes,
                    slowRatePerSecond, r.connectTimeoutNanos());
            String refused = slowClient.awaitLogon(r.connectTimeoutNanos());
            if (refused != null) {
                slowClient.close();
                throw new org.fixbench.harness.api.HarnessException(refused);
            }
            SlowConsumer scenario = new SlowConsumer(slowClient, this, r.serverPid(), setup.serverPort);
            setup.sessions = r.sessions() - 1;
            setup.firstIdentity = 1;
            setup.identities = r.sessions();
            return new ClientScenario() {
                @Override
                public ProgressListener listener() {
                    return scenario;
                }

                @Override
                public List<Map<String, Object>> observed() {
                    return scenario.observed();
                }

                @Override
                public void close() {
                    scenario.close();
                    slowClient.close();
                }
            };
        }
    }

    private final SlowClient client;
    private final Plan plan;
    private final long serverPid;
    private final int serverPort;
    private final List<Map<String, Object>> observed = new ArrayList<>();
    private final Thread watcher;
    private volatile boolean stopping;
    private volatile Watch current;

    private static final class Watch {
        final int run;
        final boolean stalls;
        final long startNanos;
        long rssStartKb = -1;
        long rssPeakKb = -1;
        long unreadOrderBytes = -1;
        long reportKernelBytes = -1;
        long closedAfterNanos = -1;
        boolean stallBegun;
        boolean practice;
        long nextSocketCheckNanos;
        long[] tcpBefore;
        boolean stallEnded;
        long stallBegunNanos;
        long sentAtStallBytes = -1;
        long notSentAtStallBytes = -1;
        long stallOrderBytes = -1;
        long sentAtStart;
        long notSentAtStart;
        long answeredAtStart;
        /** Why the slow client's connection had ended before this run started (null: it was up). */
        String endedBefore;

        Watch(int run, boolean stalls, long startNanos) {
            this.run = run;
            this.stalls = stalls;
            this.startNanos = startNanos;
        }
    }

    public SlowConsumer(SlowClient client, Plan plan, long serverPid, int serverPort) {
        this.client = client;
        this.plan = plan;
        this.serverPid = serverPid;
        this.serverPort = serverPort;
        watcher = new Thread(this::watch, "fixbench-slow-consumer");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** How far into the warm-up its practice stall starts, and its longest. */
    static final long PRACTICE_DELAY_MILLIS = 200;
    static final long PRACTICE_MILLIS = 1_000;

    @Override
    public void runStarting(String benchmark, int run, int runs, boolean warmup) {
        if (warmup) {
            // a practice stall, so that the JIT compiles what a stall and its end run (the slow client's and the
            // engine's, the burst of late reports, the harness's late samples) before anything is measured: without it the stalled
            // run alone had them compiled inside it (client JVM: 96-323 ms of JIT CPU in a 4 s run, against 13-59
            // in its quiet pair; raw TCP and sbe, 2026-11-26)
            client.stall(false);
            Watch practice = new Watch(0, true, System.nanoTime());
            practice.practice = true;
            current = practice;
            java.util.concurrent.locks.LockSupport.unpark(watcher);
            return;
        }
        client.stall(false);
        client.resetWorst();
        Watch w = new Watch(run, run == plan.stallRun(), System.nanoTime());
        w.sentAtStart = client.sent();
        w.notSentAtStart = client.notSent();
        w.answeredAtStart = client.answered();
        w.endedBefore = client.ended(); // e.g. a stalled run measured again after the server disconnected it
        w.rssStartKb = rssKb(serverPid);
        w.rssPeakKb = w.rssStartKb;
        w.tcpBefore = tcpCounters();
        current = w; // a run measured again starts its watch again: the attempt kept is the last one
        java.util.concurrent.locks.LockSupport.unpark(watcher);
    }

    @Override
    public void runEnded(String benchmark, RunResult result) {
        Watch w = current;
        current = null;
        client.stall(false);
        if (w == null || w.run != result.run()) {
            return;
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put(RUN, w.run);
        seen.put(STALLED, w.stalls);
        seen.put(SLOW_FOUND, client.loggedOn());
        seen.put(SLOW_CLIENT, true);
        seen.put(SLOW_RATE, plan.slowRatePerSecond());
        seen.put(SLOW_SENT, client.sent() - w.sentAtStart);
        seen.put(SLOW_NOT_SENT, client.notSent() - w.notSentAtStart);
        seen.put(SLOW_ANSWERED, client.answered() - w.answeredAtStart);
        seen.put(SLOW_WORST_NANOS, client.worstNanos());
        if (client.ended() != null) {
            seen.put(SLOW_ENDED, client.ended());
        }
        if (w.endedBefore != null) {
            seen.put(SLOW_ENDED_BEFORE, w.endedBefore);
        }
        if (w.stalls) {
            seen.put(STALL_START_MILLIS, plan.delayMillis());
            seen.put(STALL_MILLIS, plan.stallMillis());
            seen.put(UNREAD_ORDER_BYTES, w.unreadOrderBytes);
            seen.put(REPORT_KERNEL_BYTES, w.reportKernelBytes);
            seen.put(STALL_ORDER_BYTES, w.stallOrderBytes);
            seen.put(CLOSED_AFTER_MILLIS, w.closedAfterNanos < 0 ? -1 : w.closedAfterNanos / 1_000_000);
        }
        seen.put(RSS_START_KB, w.rssStartKb);
        seen.put(RSS_PEAK_KB, w.rssPeakKb);
        long[] tcpAfter = tcpCounters();
        if (w.tcpBefore != null && tcpAfter != null) {
            seen.put(TCP_TIMEOUTS, tcpAfter[0] - w.tcpBefore[0]);
            seen.put(TCP_RECEIVE_DROPS, tcpAfter[1] - w.tcpBefore[1]);
        }
        synchronized (observed) {
            observed.removeIf(m -> m.get(RUN).equals(w.run));
            observed.add(seen);
        }
    }

    /** What each measured run saw, in run order. */
    public List<Map<String, Object>> observed() {
        synchronized (observed) {
            return new ArrayList<>(observed);
        }
    }

    private void watch() {
        long nextRss = 0;
        while (!stopping) {
            Watch w = current;
            long now = System.nanoTime();
            if (w != null) {
                if (now >= nextRss) {
                    long rss = rssKb(serverPid);
                    if (rss > w.rssPeakKb) {
                        w.rssPeakKb = rss;
                    }
                    nextRss = now + RSS_NANOS;
                }
                if (w.stalls) {
                    stallStep(w, now);
                }
            }
            // woken early by a run that starts or ends (runStarting, runEnded)
            java.util.concurrent.locks.LockSupport.parkNanos(sleepMillis(w, System.nanoTime(), nextRss) * 1_000_000L);
        }
    }

    /** Until the next thing to do: the stall's start or end, a socket check, a reading (at most a second). */
    private long sleepMillis(Watch w, long now, long nextRss) {
        long next = now + 1_000_000_000L;
        if (w != null) {
            next = Math.min(next, nextRss);
            if (w.stalls) {
                long begin = stallBegin(w);
                long end = begin + stallNanos(w);
                if (!w.stallBegun) {
                    next = Math.min(next, begin);
                } else if (!w.stallEnded) {
                    next = Math.min(next, Math.min(end, w.nextSocketCheckNanos));
                }
            }
        }
        return Math.max(1, (next - now + 999_999) / 1_000_000);
    }

    private long stallBegin(Watch w) {
        return w.startNanos + (w.practice ? PRACTICE_DELAY_MILLIS : plan.delayMillis()) * 1_000_000L;
    }

    private long stallNanos(Watch w) {
        return (w.practice ? Math.min(PRACTICE_MILLIS, plan.stallMillis()) : plan.stallMillis()) * 1_000_000L;
    }

    private void stallStep(Watch w, long now) {
        long begin = stallBegin(w);
        long end = begin + stallNanos(w);
        if (!w.stallBegun && now >= begin) {
            w.stallBegun = true;
            w.stallBegunNanos = now;
            w.nextSocketCheckNanos = now + SOCKET_CHECK_NANOS;
            w.sentAtStallBytes = client.sentBytes();
            w.notSentAtStallBytes = client.notSentBytes();
            client.stall(true);
            return;
        }
        if (w.stallBegun && !w.stallEnded) {
            boolean last = now >= end;
            if (!last && now < w.nextSocketCheckNanos) {
                return;
            }
            w.nextSocketCheckNanos = now + SOCKET_CHECK_NANOS;
            SocketQueues mine = SocketQueues.read(client.localPort(), serverPort);
            // closed: a FIN leaves the client's socket in CLOSE_WAIT; a reset (a server closing with input unread)
            // takes it out of the kernel's table altogether
            if (w.closedAfterNanos < 0 && (client.ended() != null
                    || (mine == null ? SocketQueues.READABLE : mine.closedByPeer()))) {
                w.closedAfterNanos = (client.ended() != null ? client.endedNanos() : now) - w.stallBegunNanos;
            }
            if (last) {
                SocketQueues theirs = SocketQueues.read(serverPort, client.localPort());
                long serverUnread = theirs == null ? 0 : theirs.receiveQueueBytes();
                long serverUnsent = theirs == null ? 0 : theirs.sendQueueBytes();
                long clientUnread = mine == null ? 0 : mine.receiveQueueBytes();
                long notSentInStall = client.notSentBytes() - w.notSentAtStallBytes;
                w.unreadOrderBytes = serverUnread + client.bufferedBytes() + notSentInStall;
                w.reportKernelBytes = serverUnsent + clientUnread;
                w.stallOrderBytes = client.sentBytes() - w.sentAtStallBytes + notSentInStall;
                w.stallEnded = true;
                client.stall(false);
            }
        }
    }

    /**
     * This host's TCP retransmission timeouts and segments dropped or pruned from full receive queues so far
     * ({@code /proc/net/netstat}: TCPTimeouts; TCPRcvQDrop + RcvPruned), or null where it cannot be read. With a small
     * window the slow session's connection loses segments at its full receive queue and its reports then
     * wait for the server's retransmission timeouts (backing off from 200 ms): 6 timeouts and a delivery 1.9 s after
     * the stall's end in an sbe run at 10,000/s through the relay of before 2026-11-28 with a 64 KiB window, none and
     * no delay with 1 MiB (2026-11-26).
     */
    static long[] tcpCounters() {
        try {
            String[] lines = new String(Files.readAllBytes(Path.of("/proc/net/netstat")),
                    java.nio.charset.StandardCharsets.ISO_8859_1).split("\n");
            for (int i = 0; i + 1 < lines.length; i++) {
                if (lines[i].startsWith("TcpExt:") && lines[i + 1].startsWith("TcpExt:")) {
                    String[] names = fields(lines[i]);
                    String[] values = fields(lines[i + 1]);
                    long timeouts = -1;
                    long drops = 0;
                    for (int k = 1; k < names.length && k < values.length; k++) {
                        switch (names[k]) {
                            case "TCPTimeouts" -> timeouts = Long.parseLong(values[k]);
                            case "TCPRcvQDrop", "RcvPruned" -> drops += Long.parseLong(values[k]);
                            default -> { }
                        }
                    }
                    return timeouts < 0 ? null : new long[] {timeouts, drops};
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    @Override
    public void close() {
        stopping = true;
        watcher.interrupt();
        client.stall(false);
    }
}
