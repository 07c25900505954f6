package org.fixbench.cli.scenario.resendstorm;

import static org.fixbench.cli.scenario.resendstorm.ResendStormTable.*;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.ScenarioKeys;
import org.fixbench.cli.run.ClientScenario;
import org.fixbench.cli.scenario.ProcessReadings;
import org.fixbench.cli.scenario.ScenarioWindows;
import org.fixbench.fix.relay.Frames;
import org.fixbench.fix.relay.Relay;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.timed.RunTrace;

/**
 * The {@code resend-storm} scenario inside a forked client: in each measured run, from {@link Plan#delayMillis()}
 * after it starts, the {@link Relay} loses every whole message of the session, both ways, for {@link
 * Plan#gapMillis()}, the connections staying up; then it passes them on again. Orders keep coming on their schedule
 * throughout. The messages after the gap carry numbers past it, so each side's FIX session must ask for the range
 * (ResendRequest) and the other resend it (PossDupFlag) or gap-fill it, while new orders go on: the replay the
 * scenario measures. An engine without a session layer (raw TCP) loses the gap's orders, counted. The warm-up of an
 * engine that speaks FIX has a practice gap of {@link #PRACTICE_ORDERS} orders, so that the resend paths are compiled
 * before anything is measured.
 */
public final class ResendStorm implements ProgressListener, AutoCloseable {
    /**
     * How far into the warm-up its practice gap comes, and how many orders it loses: a count, not a time, so that no
     * warm-up pass (75 orders or more) loses all of its orders, which would end the benchmark for an engine that
     * cannot resend them.
     */
    static final long PRACTICE_DELAY_MILLIS = 500;
    static final int PRACTICE_ORDERS = 20;
    /** How often the server's and the client's resident sets are read. */
    static final long RSS_MILLIS = 250;

    /**
     * What the scenario does in each measured run: from {@code delayMillis} into it, for {@code gapMillis}, either
     * every message is lost with the connection up, or ({@code cut}) the connection is cut and every new one refused,
     * the client logging on again with the session it had.
     */
    public record Plan(long delayMillis, long gapMillis, boolean cut) implements ClientScenario.Plan {
        /**
         * The session's connection goes through a relay that can lose a stretch of its messages, both ways, or cut it
         * ({@code cut}): the client then logs on again, once the relay takes connections again, with the session it
         * had.
         */
        @Override
        public ClientScenario open(ClientScenario.Setup setup) throws java.io.IOException {
            Relay relay = Relay.framingOneSession(setup.serverAddress, setup.request.sessions());
            // an engine without a session layer has no resend path to compile: its practice gap only lost orders,
            // which held the warm-up pass they were in for the sample timeout (raw TCP: 20 of 75 lost, 2 s)
            boolean practiceGap = org.fixbench.engine.EngineSpec.parse(setup.request.clientSpec()).engine()
                    .speaksFix();
            ResendStorm storm = new ResendStorm(relay, this, setup.request.serverPid(), practiceGap);
            setup.serverAddress = relay.address();
            long connectTimeoutNanos = setup.request.connectTimeoutNanos();
            return new ClientScenario() {
                @Override
                public void task(org.fixbench.engine.RoundTripTask task) {
                    task.toleratingGaps(true).reconnecting(cut).keepingSession(cut);
                    if (cut) {
                        task.serverReady(() -> !relay.cutting(), java.time.Duration.ofMillis(gapMillis)
                                .plusNanos(connectTimeoutNanos));
                        storm.client(task);
                    }
                }

                @Override
                public org.fixbench.harness.ProgressListener listener() {
                    return storm;
                }

                @Override
                public void watch(org.fixbench.harness.LatencyBenchmark benchmark) {
                    storm.watch(benchmark);
                }

                @Override
                public java.util.List<java.util.Map<String, Object>> observed() {
                    return storm.observed();
                }

                @Override
                public void close() throws Exception {
                    storm.close();
                    relay.close();
                }
            };
        }

        public Plan {
            if (delayMillis < 1_000 || gapMillis < 1) {
                throw new IllegalArgumentException("resend-storm: delay " + delayMillis + " ms, gap " + gapMillis
                        + " ms");
            }
        }

        public Plan(long delayMillis, long gapMillis) {
            this(delayMillis, gapMillis, false);
        }
    }

    private final Relay relay;
    private final Plan plan;
    private final long serverPid;
    private final boolean practiceGap;
    private final List<Map<String, Object>> observed = new ArrayList<>();
    private final Thread timer;
    private volatile boolean stopping;
    /** The current run's gap: start and end ({@link System#nanoTime}), 0 before; the run's number, 0: practice. */
    private volatile long gapOnNanos;
    private volatile long gapOffNanos;
    private volatile long runStartedNanos;
    private volatile boolean practice;
    private volatile int run = -1;
    private volatile long serverRssStartKb;
    private volatile long serverRssPeakKb;
    private volatile long clientRssStartKb;
    private volatile long clientRssPeakKb;
    private long[] before;
    private long allocatedBefore;
    private Map<Long, Long> allocatedByThreadBefore = Map.of();
    /** Allocation by thread when the gap began, and {@link #AFTER_GAP_ALLOCATION_MILLIS} after it ended. */
    private volatile Map<Long, Long> allocatedAtGapStart;
    private volatile Map<Long, Long> allocatedAfterGap;
    /** How long after the gap's end the allocation around the gap is read: the replay, not the run's end. */
    static final long AFTER_GAP_ALLOCATION_MILLIS = 2_000;
    private LatencyBenchmark benchmark;
    /** The client, when the plan cuts the connection: it logs on again keeping its session. */
    private org.fixbench.engine.RoundTripTask task;
    private long notSentBefore;
    private long takenBefore;
    private int reconnectsBefore;
    /** The session's link when the cut came (null: no cut yet). */
    private volatile Relay.Link linkBefore;

    /**
     * @param practiceGap whether the warm-up has its practice gap ({@link #PRACTICE_ORDERS}): for an engine that
     *                    speaks FIX, whose resend paths it compiles
     */
    public ResendStorm(Relay relay, Plan plan, long serverPid, boolean practiceGap) {
        this.relay = relay;
        this.plan = plan;
        this.serverPid = serverPid;
        this.practiceGap = practiceGap;
        timer = new Thread(this::loop, "fixbench-resend-storm");
        timer.setDaemon(true);
        timer.start();
    }

    /** The benchmark whose runs this reads (given after it is made, with this as its listener). */
    public void watch(LatencyBenchmark benchmark) {
        this.benchmark = benchmark;
    }

    /** The client that logs on again after a cut (its orders not sent or taken while down, its log-ons again). */
    public void client(org.fixbench.engine.RoundTripTask task) {
        this.task = task;
    }

    @Override
    public synchronized void runStarting(String name, int number, int runs, boolean warmup) {
        // under the lock the timer decides by: it never sees one run's start with another's gap (a run measured
        // again starts while the timer still runs for its first attempt)
        relay.lose(false);
        relay.cut(false);
        before = counts();
        linkBefore = null;
        if (task != null) {
            notSentBefore = task.ordersNotSent();
            takenBefore = task.ordersTakenWhileDown();
            reconnectsBefore = task.reconnects().size();
        }
        gapOnNanos = 0;
        gapOffNanos = 0;
        practice = warmup;
        long self = ProcessHandle.current().pid();
        serverRssStartKb = ProcessReadings.rssKb(serverPid);
        serverRssPeakKb = serverRssStartKb;
        clientRssStartKb = ProcessReadings.rssKb(self);
        clientRssPeakKb = clientRssStartKb;
        allocatedBefore = allocatedBytes();
        allocatedByThreadBefore = allocatedByThread();
        allocatedAtGapStart = null;
        allocatedAfterGap = null;
        runStartedNanos = System.nanoTime();
        run = warmup ? 0 : number;
        java.util.concurrent.locks.LockSupport.unpark(timer);
    }

    /** Loses the gap's messages on time, and reads both resident sets, on its own thread. */
    private void loop() {
        long self = ProcessHandle.current().pid();
        while (!stopping) {
            long next;
            synchronized (this) {
                next = step();
            }
            long server = ProcessReadings.rssKb(serverPid);
            long client = ProcessReadings.rssKb(self);
            serverRssPeakKb = Math.max(serverRssPeakKb, server);
            clientRssPeakKb = Math.max(clientRssPeakKb, client);
            long now = System.nanoTime();
            java.util.concurrent.locks.LockSupport.parkNanos(Math.max(0, Math.min(next - now,
                    RSS_MILLIS * 1_000_000L)));
        }
    }

    /**
     * Starts or ends the current run's gap when its time has come; when to look again ({@link System#nanoTime}).
     * Called under this object's lock, as {@link #runStarting} runs.
     */
    private long step() {
        int r = run;
        long started = runStartedNanos;
        long now = System.nanoTime();
        if (r < 0 || practice && !practiceGap) {
            return now + RSS_MILLIS * 1_000_000L;
        }
        long delay = (practice ? PRACTICE_DELAY_MILLIS : plan.delayMillis()) * 1_000_000L;
        long gap = practice ? 0 : plan.gapMillis() * 1_000_000L;
        if (gapOnNanos == 0 && now - started >= delay) {
            if (practice) {
                relay.loseNextToServer(PRACTICE_ORDERS);
                gapOnNanos = System.nanoTime();
                gapOffNanos = gapOnNanos;
            } else {
                allocatedAtGapStart = allocatedByThread();
                if (plan.cut()) {
                    linkBefore = relay.slow();
                }
                // the gap's times are when it was ordered, read before the relay's thread can act on the order:
                // read after, a preemption of this thread in between made a session end before its own cut
                gapOnNanos = System.nanoTime();
                if (plan.cut()) {
                    relay.cut(true);
                } else {
                    relay.lose(true);
                }
            }
        } else if (gapOnNanos != 0 && gapOffNanos == 0 && now - gapOnNanos >= gap) {
            gapOffNanos = System.nanoTime();
            relay.lose(false);
            relay.cut(false);
        }
        if (!practice && gapOffNanos != 0 && allocatedAfterGap == null && allocatedAtGapStart != null
                && now - gapOffNanos >= AFTER_GAP_ALLOCATION_MILLIS * 1_000_000L) {
            allocatedAfterGap = allocatedByThread();
        }
        now = System.nanoTime();
        return gapOnNanos == 0 ? started + delay : gapOffNanos == 0 ? gapOnNanos + gap
                : allocatedAfterGap == null && allocatedAtGapStart != null && !practice
                ? gapOffNanos + AFTER_GAP_ALLOCATION_MILLIS * 1_000_000L : now + RSS_MILLIS * 1_000_000L;
    }

    /** What crossed the session's links so far, summed over every connection it made. */
    private long[] counts() {
        long[] sum = new long[10];
        for (Relay.Link link : relay.slowLinks()) {
            Frames.Counts up = link.toServerCounts();
            Frames.Counts down = link.toClientCounts();
            long[] each = {up == null ? 0 : up.lost(), down == null ? 0 : down.lost(),
                    up == null ? 0 : up.possDup(), down == null ? 0 : down.possDup(),
                    up == null ? 0 : up.gapFills(), down == null ? 0 : down.gapFills(),
                    up == null ? 0 : up.resendRequests(), down == null ? 0 : down.resendRequests(),
                    up == null ? 0 : up.lostBytes(), down == null ? 0 : down.lostBytes()};
            for (int i = 0; i < sum.length; i++) {
                sum[i] += each[i];
            }
        }
        return sum;
    }

    /**
     * Bytes every live thread of this JVM (the client's: its engine, the harness, the relay) has allocated so far: a
     * store that copies what it resends onto the heap shows here; -1 where the JVM cannot tell.
     */
    static long allocatedBytes() {
        if (!(java.lang.management.ManagementFactory.getThreadMXBean()
                instanceof com.sun.management.ThreadMXBean threads) || !threads.isThreadAllocatedMemoryEnabled()) {
            return -1;
        }
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }

    /** Bytes allocated so far by each live thread of this JVM, by thread id (empty where the JVM cannot tell). */
    static Map<Long, Long> allocatedByThread() {
        if (!(java.lang.management.ManagementFactory.getThreadMXBean()
                instanceof com.sun.management.ThreadMXBean threads) || !threads.isThreadAllocatedMemoryEnabled()) {
            return Map.of();
        }
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        Map<Long, Long> out = new java.util.HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] >= 0) {
                out.put(ids[i], bytes[i]);
            }
        }
        return out;
    }

    /** The threads that allocated most during the run, with what each did: "name: bytes". */
    private static List<String> topAllocators(Map<Long, Long> before, Map<Long, Long> after, int count) {
        List<long[]> deltas = new ArrayList<>();
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            deltas.add(new long[] {e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)});
        }
        deltas.sort((a, b) -> Long.compare(b[1], a[1]));
        List<String> out = new ArrayList<>();
        for (long[] d : deltas.subList(0, Math.min(count, deltas.size()))) {
            java.lang.management.ThreadInfo info = java.lang.management.ManagementFactory.getThreadMXBean()
                    .getThreadInfo(d[0]);
            out.add((info == null ? "thread " + d[0] : info.getThreadName()) + ": " + d[1]);
        }
        return out;
    }

    /**
     * What the client's threads other than fixbench's own watchers and relay (named "fixbench-") allocated between
     * two readings: the engine's threads and the harness's timed thread, which allocates nothing per order.
     */
    static long engineAllocation(Map<Long, Long> before, Map<Long, Long> after) {
        long sum = 0;
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            java.lang.management.ThreadInfo info = mx.getThreadInfo(e.getKey());
            if (info != null && info.getThreadName().startsWith("fixbench-")) {
                continue;
            }
            sum += Math.max(0, e.getValue() - before.getOrDefault(e.getKey(), 0L));
        }
        return sum;
    }

    @Override
    public void runEnded(String name, RunResult result) {
        long allocatedAfter = allocatedBytes(); // before this method allocates anything of its own
        Map<Long, Long> byThreadAfter = allocatedByThread();
        int number;
        synchronized (this) {
            number = run;
            run = -1;
            relay.lose(false);
            relay.cut(false);
        }
        RunTrace trace = benchmark == null ? null : benchmark.lastRunTrace();
        if (trace == null || number <= 0) {
            return;
        }
        long[] after = counts();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(RUN, number);
        m.put(STATUS, result.status().name());
        m.put(ResendStormTable.PRACTICE_GAP_ORDERS, practiceGap ? PRACTICE_ORDERS : 0);
        long on = gapOnNanos;
        long off = gapOffNanos == 0 ? System.nanoTime() : gapOffNanos;
        long gapStart = on == 0 ? -1 : on - trace.startNanos();
        long gapEnd = on == 0 ? -1 : off - trace.startNanos();
        m.put(GAP_START_NANOS, gapStart);
        m.put(GAP_END_NANOS, gapEnd);
        String[] keys = {LOST_TO_SERVER, LOST_TO_CLIENT, RESENT_TO_SERVER, RESENT_TO_CLIENT, GAP_FILLS_TO_SERVER,
                GAP_FILLS_TO_CLIENT, RESEND_REQUESTS_TO_SERVER, RESEND_REQUESTS_TO_CLIENT, LOST_BYTES_TO_SERVER,
                LOST_BYTES_TO_CLIENT};
        for (int i = 0; i < keys.length; i++) {
            m.put(keys[i], after[i] - before[i]);
        }
        long lastReplay = 0;
        long firstAsk = Long.MAX_VALUE;
        for (Relay.Link link : relay.slowLinks()) {
            for (Frames.Counts c : new Frames.Counts[] {link.toServerCounts(), link.toClientCounts()}) {
                if (c != null) {
                    lastReplay = Math.max(lastReplay, c.lastPossDupOrGapFillNanos());
                    if (c.firstResendRequestNanos() >= off) {
                        firstAsk = Math.min(firstAsk, c.firstResendRequestNanos());
                    }
                }
            }
        }
        m.put(REPLAY_ENDED_AFTER_GAP_NANOS, on == 0 || lastReplay < off ? -1 : lastReplay - off);
        m.put(FIRST_RESEND_REQUEST_AFTER_GAP_NANOS, firstAsk == Long.MAX_VALUE ? -1 : firstAsk - off);
        long end = Long.MAX_VALUE;
        long preFrom = Math.min(ScenarioWindows.SETTLE_NANOS, Math.max(0, gapStart) / 2);
        long preP99 = gapStart <= 0 ? -1 : trace.percentileNanos(preFrom, gapStart, 99);
        m.put(PRE_P99_NANOS, preP99);
        m.put(ORDERS, trace.orders());
        m.put(LOST, trace.lost(0, end));
        m.put(GAP_ORDERS, gapStart < 0 ? 0 : trace.count(gapStart, gapEnd));
        m.put(GAP_ORDERS_LOST, gapStart < 0 ? 0 : trace.lost(gapStart, gapEnd));
        m.put(GAP_P99_NANOS, gapStart < 0 ? -1 : trace.percentileNanos(gapStart, gapEnd, 99));
        m.put(AFTER_P99_NANOS, gapEnd < 0 ? -1 : trace.percentileNanos(gapEnd, gapEnd + AFTER_WINDOW_NANOS, 99));
        m.put(AFTER_MAX_NANOS, gapEnd < 0 ? -1 : trace.percentileNanos(gapEnd, gapEnd + AFTER_WINDOW_NANOS, 100));
        m.put(WORST_NANOS, trace.percentileNanos(0, end, 100));
        List<RunTrace.Window> windows = trace.windows(org.fixbench.cli.results.ScenarioKeys.WINDOW_NANOS);
        m.put(BACK_AFTER_NANOS, gapEnd < 0 || preP99 < 0 ? -1 : ScenarioWindows.backAfterNanos(windows, preP99, gapEnd));
        m.put(DUPLICATE_ANSWERS, result.unmatchedSamples());
        m.put(SERVER_RSS_GROWTH_KB, serverRssStartKb < 0 ? -1 : serverRssPeakKb - serverRssStartKb);
        m.put(CLIENT_RSS_GROWTH_KB, clientRssStartKb < 0 ? -1 : clientRssPeakKb - clientRssStartKb);
        m.put(CLIENT_ALLOCATED_BYTES, allocatedBefore < 0 || allocatedAfter < 0 ? -1 : allocatedAfter - allocatedBefore);
        m.put(CLIENT_TOP_ALLOCATORS, new ArrayList<>(topAllocators(allocatedByThreadBefore, byThreadAfter, 5)));
        Map<Long, Long> a = allocatedAtGapStart;
        Map<Long, Long> b = allocatedAfterGap;
        m.put(CLIENT_ENGINE_ALLOCATED_AROUND_GAP_BYTES, a == null || b == null ? -1 : engineAllocation(a, b));
        if (a != null && b != null) {
            m.put(CLIENT_TOP_ALLOCATORS_AROUND_GAP, new ArrayList<>(topAllocators(a, b, 5)));
        }
        if (plan.cut()) {
            putCut(m, trace, on, off);
        }
        ScenarioWindows.putWindows(m, windows);
        observed.removeIf(x -> x.get(RUN).equals(number)); // a run measured again: its last attempt
        observed.add(m);
    }

    /**
     * The cut's own figures: when the session ended and logged on again, what became of the orders due while it was
     * down, and the numbers each side's Logon carried after it against the last each sent before.
     */
    private void putCut(Map<String, Object> m, RunTrace trace, long on, long off) {
        m.put(CUT, true);
        if (task != null) {
            m.put(TAKEN_WHILE_DOWN, task.ordersTakenWhileDown() - takenBefore);
            m.put(ScenarioKeys.NOT_SENT, task.ordersNotSent() - notSentBefore);
            List<org.fixbench.engine.RoundTripTask.Reconnect> all = task.reconnects();
            List<org.fixbench.engine.RoundTripTask.Reconnect> ends = all.subList(Math.min(reconnectsBefore,
                    all.size()), all.size());
            org.fixbench.engine.RoundTripTask.Reconnect first = ends.isEmpty() ? null : ends.get(0);
            org.fixbench.engine.RoundTripTask.Reconnect last = ends.isEmpty() ? null : ends.get(ends.size() - 1);
            // the harness's clock is System.nanoTime, as the gap's times are
            m.put(SESSION_ENDED_AFTER_CUT_NANOS, first == null || on == 0 ? -1 : first.endedNanos() - on);
            m.put(LOGGED_ON_AFTER_GAP_NANOS, last == null || last.loggedOnNanos() == 0 || on == 0 ? -1
                    : last.loggedOnNanos() - off);
            m.put(ScenarioKeys.ATTEMPTS, ends.stream()
                    .mapToInt(org.fixbench.engine.RoundTripTask.Reconnect::attempts).sum());
            m.put(ScenarioKeys.SESSION_ENDS, ends.size());
            if (first != null) {
                m.put(ScenarioKeys.END_REASON, first.reason());
            }
        }
        Relay.Link before = linkBefore;
        List<Relay.Link> links = relay.slowLinks();
        int at = before == null ? -1 : links.indexOf(before);
        Relay.Link after = at < 0 || at + 1 >= links.size() ? null : links.get(at + 1);
        Frames.Counts upBefore = before == null ? null : before.toServerCounts();
        Frames.Counts downBefore = before == null ? null : before.toClientCounts();
        Frames.Counts upAfter = after == null ? null : after.toServerCounts();
        Frames.Counts downAfter = after == null ? null : after.toClientCounts();
        m.put(LAST_SEQ_TO_SERVER, upBefore == null ? -1 : upBefore.lastSeqNum());
        m.put(LAST_SEQ_TO_CLIENT, downBefore == null ? -1 : downBefore.lastSeqNum());
        m.put(FIRST_SEQ_TO_SERVER, upAfter == null ? -1 : upAfter.firstSeqNum());
        m.put(FIRST_SEQ_TO_CLIENT, downAfter == null ? -1 : downAfter.firstSeqNum());
    }

    /** One map per measured run (see {@link org.fixbench.cli.scenario.resendstorm.ResendStormTable}), in run order. */
    public List<Map<String, Object>> observed() {
        return new ArrayList<>(observed);
    }

    @Override
    public void close() {
        stopping = true;
        java.util.concurrent.locks.LockSupport.unpark(timer);
    }
}
