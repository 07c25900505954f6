package org.fixbench.harness.timed;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.HdrHistogram.WriterReaderPhaser;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.api.Idler;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.api.NanoClock;
import org.fixbench.harness.api.Pacing;
import org.fixbench.harness.api.Probe;
import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.series.LatencySeries;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.series.Timeline;
import org.fixbench.harness.verdict.RunFacts;

/**
 * The timed run: the drift-free schedule, the loop that sends on it, and the recording of every reply into the run
 * that gave its start. Iteration {@code i} of a run is due at {@code start + i × interval} (or at its point of a
 * {@link Pacing}); the schedule is never re-anchored on the actual send time, so a late send makes the following
 * iterations late too and that lateness is charged to their latency (coordinated-omission correction) unless the
 * configuration turns correction off. The timed loop neither prints nor allocates.
 */
public final class TimedRun {
    /** Longest idle between two polls of a task that {@linkplain LatencyTask#pollsOnTimedThread() polls}. */
    public static final long POLL_IDLE_CAP_NANOS = 20_000;
    /**
     * Sends per call of the timed loop: few enough that HotSpot's tiered policy compiles it when invoked 600 times
     * (600 × 32 back branches stay under the 40,000 that would compile it on-stack instead).
     */
    static final int TIMED_LOOP_CHUNK = 32;

    private final HarnessConfig config;
    private final NanoClock clock;
    private final Idler idler;
    private final boolean correct;

    private final LatencySeries endToEnd;
    private final LatencySeries serviceTime;
    private final LatencySeries sendLateness;
    private final LatencySeries hiccups;
    private final LatencySeries jitter;
    private final Map<String, Probe> probes = new LinkedHashMap<>();

    private final RunLedger ledger;
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final LatencySeries[] thirds = new LatencySeries[3];
    private final Timeline endToEndTimeline;
    private final Timeline serviceTimeTimeline;
    /** The run samples are attributed to; written by the harness thread before {@link #runOpen} is set. */
    private volatile boolean runOpen;
    private volatile long runFirstStartNanos;
    private volatile long runIterations;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong unmatched = new AtomicLong();
    private final AtomicLong lastReplyNanos = new AtomicLong();
    /** Per run (0 = warm-up): the first and last start it gave; a run's last is set when it closes. */
    private final long[] runFirstStart;
    private final long[] runLastStart;
    private final AtomicLongArray lateByRun;
    private final AtomicLong stray = new AtomicLong();
    private volatile String failure;
    /** Iterations handed to the task so far (warm-up and runs): where a paced schedule's cycle goes on from. */
    private long iterationsHandedOut;
    // the last measured run's span on the benchmark's clock
    private long runStartNanos;
    private long runEndNanos;
    /** Whether the ledger holds a measured run's orders (not a warm-up pass's): see {@link #lastRunTrace}. */
    private boolean measuredRunTraced;
    // the timed loop's state for the run in progress: written and read by the harness thread only
    private long loopStartNanos;
    private long loopCycleFrom;
    private long loopCycleFromOffsetNanos;
    private long loopRatePerSecond;
    private long loopIntervalNanos;
    private long loopSaturationBoundNanos;
    private boolean loopPolls;
    private Idler loopIdler;
    private long loopPollIdleCapNanos;
    private long loopSent;
    private long loopLastActualNanos;
    private long loopSaturatedLateness;
    private long loopLargestBacklog;
    private long loopOldestAgeNanos;

    /** What one run measured: the facts its verdict is made from (with the machine's reading), and its series. */
    public record Measured(RunFacts facts, Map<String, SeriesData> series, long largestSendBacklog,
                           long startEpochMillis, long endEpochMillis) {
    }

    /** @throws HarnessException when the run's ledger would take more than a quarter of the heap */
    public TimedRun(HarnessConfig config) {
        this.config = config;
        this.clock = config.clock();
        this.idler = config.idler();
        this.correct = config.accountForCoordinatedOmission();
        long highest = config.highestTrackableNanos();
        this.endToEnd = new LatencySeries(highest);
        this.serviceTime = new LatencySeries(highest);
        this.sendLateness = new LatencySeries(highest);
        this.hiccups = new LatencySeries(highest);
        this.jitter = new LatencySeries(highest);
        this.endToEndTimeline = config.timeline() ? new Timeline(highest) : null;
        this.serviceTimeTimeline = config.timeline() ? new Timeline(highest) : null;
        for (int i = 0; i < thirds.length; i++) {
            thirds[i] = new LatencySeries(highest);
        }
        long capacity = Math.max(config.largestWarmupPass(), config.largestRun());
        long bytes = RunLedger.bytesFor(capacity);
        if (bytes > Runtime.getRuntime().maxMemory() / 4) {
            throw new HarnessException(String.format(Locale.ROOT, "a run of %,d iterations needs %,d MB to "
                    + "track which orders were answered, more than a quarter of this JVM's heap (%,d MB): use shorter "
                    + "runs or a larger -Xmx", capacity, bytes >> 20, Runtime.getRuntime().maxMemory() >> 20));
        }
        this.ledger = new RunLedger(capacity);
        this.runFirstStart = new long[config.runs() + 1];
        this.runLastStart = new long[config.runs() + 1];
        Arrays.fill(runLastStart, Long.MIN_VALUE);
        this.lateByRun = new AtomicLongArray(config.runs() + 1);
    }

    /** The series the hiccup meter records into. */
    public LatencySeries hiccups() {
        return hiccups;
    }

    /** The series the jitter monitor records into. */
    public LatencySeries jitter() {
        return jitter;
    }

    // ---------------------------------------------------------------- called by the task, on any thread

    /**
     * Attributes the sample to the run whose schedule gave {@code startNanos}: a sample of the current run is
     * recorded (once per iteration); one for an earlier run, or the warm-up, arrived after that run's sample timeout
     * and is only counted as late for it.
     */
    public void sample(long startNanos, long endNanos) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            if (runOpen && startNanos >= runFirstStartNanos) {
                recordInRun(startNanos, endNanos);
            } else {
                countLate(startNanos);
            }
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    private void recordInRun(long startNanos, long endNanos) {
        int index = ledger.answer(startNanos, received.get());
        if (index < 0) {
            unmatched.incrementAndGet();
            return;
        }
        received.incrementAndGet();
        long elapsedNanos = endNanos - startNanos;
        ledger.latency(index, elapsedNanos);
        endToEnd.record(elapsedNanos);
        long serviceNanos = correct ? elapsedNanos - ledger.latenessNanos(index) : elapsedNanos;
        serviceTime.record(serviceNanos);
        if (endToEndTimeline != null) {
            endToEndTimeline.record(index, elapsedNanos);
            serviceTimeTimeline.record(index, serviceNanos);
        }
        thirds[(int) (index * 3L / runIterations)].record(elapsedNanos);
        long last = lastReplyNanos.get();
        while (endNanos > last && !lastReplyNanos.compareAndSet(last, endNanos)) {
            last = lastReplyNanos.get();
        }
    }

    private void countLate(long startNanos) {
        for (int run = runFirstStart.length - 1; run >= 0; run--) {
            if (runLastStart[run] != Long.MIN_VALUE && startNanos >= runFirstStart[run]
                    && startNanos <= runLastStart[run]) {
                lateByRun.incrementAndGet(run);
                return;
            }
        }
        stray.incrementAndGet();
    }

    public Probe addProbe(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("probe name must not be blank");
        }
        if (SeriesNames.RESERVED.contains(name)) {
            throw new IllegalArgumentException("probe name '" + name + "' is reserved for a built-in series");
        }
        synchronized (probes) {
            if (probes.containsKey(name)) {
                throw new IllegalArgumentException("probe '" + name + "' was added twice");
            }
            Probe probe = new Probe(name, config.highestTrackableNanos());
            probes.put(name, probe);
            return probe;
        }
    }

    /** Ends the runs from any thread; the first reason is kept. */
    public void fail(String reason) {
        if (failure == null) {
            failure = reason;
        }
    }

    /** Why the task failed, or null. */
    public String failure() {
        return failure;
    }

    // ---------------------------------------------------------------- called by the conductor, on the harness thread

    /**
     * One run (or a scheduled warm-up pass): the timed loop, then the wait for outstanding samples, then the close
     * (no later sample counts in this run) and the charge for lost orders; {@code cpuWait} read by the machine's
     * watch once the run is closed.
     */
    public Measured measure(LatencyTask task, int runNumber, long iterations, long ratePerSecond, Idler runIdler,
                            long pollIdleCapNanos, java.util.function.Supplier<CpuWait> cpuWaitAtClose) {
        resetAll(iterations, ratePerSecond);
        long startEpochMillis = System.currentTimeMillis();
        long intervalNanos = HarnessConfig.NANOS_PER_SECOND / ratePerSecond;
        Pacing pacing = config.pacing();
        long handedOutBefore = runNumber > 0 && pacing.restartsEachRun() ? 0 : iterationsHandedOut;
        long startNanos = openRun(task, runNumber, iterations, ratePerSecond, runIdler, pollIdleCapNanos);
        sendAndAwait(task, iterations);
        long sent = loopSent;
        long timeoutNanos = config.sampleTimeoutNanos();
        long oldestAgeNanos = loopOldestAgeNanos;
        closeRun(runNumber, sent);
        long endNanos = clock.nanoTime();
        runStartNanos = startNanos;
        runEndNanos = endNanos;
        measuredRunTraced = runNumber > 0;
        CpuWait cpuWait = cpuWaitAtClose.get();
        long answered = received.get();
        if (sent > answered) {
            oldestAgeNanos = Math.max(oldestAgeNanos, chargeLost(sent, iterations, endNanos, timeoutNanos));
        }
        double elapsedSeconds = ((loopLastActualNanos - startNanos) + intervalNanos) / 1e9;
        double achievedRate = sent == 0 ? 0.0 : sent / elapsedSeconds;
        long replySpanNanos = Math.max(lastReplyNanos.get() - startNanos, intervalNanos);
        double completionRate = answered == 0 ? 0.0 : answered / (replySpanNanos / 1e9);
        long firstThirdP50 = medianOrMinusOne(thirds[0].takeInterval());
        thirds[1].reset();
        long lastThirdP50 = medianOrMinusOne(thirds[2].takeInterval());
        // the rate the schedule asked for over what was sent: the target itself when even; a paced run that ended
        // inside a burst or a lull of its cycle asked for more or less than its mean
        double scheduleRate = pacing.isEven() || sent == 0 ? ratePerSecond
                : sent / ((pacing.offsetNanos(handedOutBefore, sent - 1, ratePerSecond) + intervalNanos) / 1e9);
        Map<String, SeriesData> series = takeAll(startEpochMillis, intervalNanos);
        RunFacts facts = new RunFacts(runNumber, iterations, ratePerSecond, scheduleRate, pacing.isEven(), sent,
                answered, unmatched.get(), achievedRate, completionRate, replySpanNanos, oldestAgeNanos,
                loopSaturatedLateness, firstThirdP50, lastThirdP50, timeoutNanos, failure,
                series.get(SeriesNames.END_TO_END), cpuWait);
        return new Measured(facts, series, loopLargestBacklog, startEpochMillis, System.currentTimeMillis());
    }

    /** Charges every lost order at no less than the timeout, so losses cannot make a run read faster; the oldest. */
    private long chargeLost(long sent, long iterations, long endNanos, long timeoutNanos) {
        long oldestAgeNanos = 0;
        for (long i = 0; i < sent; i++) {
            if (!ledger.isAnswered(i)) {
                long start = ledger.startNanos(i);
                long charged = Math.max(endNanos - start, timeoutNanos);
                endToEnd.record(charged);
                long chargedService = correct
                        ? Math.max(endNanos - start - ledger.latenessNanos(i), timeoutNanos) : charged;
                serviceTime.record(chargedService);
                if (endToEndTimeline != null) {
                    endToEndTimeline.record(i, charged);
                    serviceTimeTimeline.record(i, chargedService);
                }
                thirds[(int) (i * 3L / iterations)].record(charged);
                oldestAgeNanos = Math.max(oldestAgeNanos, endNanos - start);
            }
        }
        return oldestAgeNanos;
    }

    /**
     * A settling pass: the timed loop and the wait for samples as a run has them, and none of a run's bookkeeping
     * (no /proc walk, no percentiles, no verdict), whose code the compilers would otherwise go on compiling pass after
     * pass. Returns how many of its orders were answered.
     */
    public long settlingPass(LatencyTask task, long iterations, long ratePerSecond) {
        resetAll(iterations, ratePerSecond);
        openRun(task, 0, iterations, ratePerSecond, idler, POLL_IDLE_CAP_NANOS);
        sendAndAwait(task, iterations);
        closeRun(0, loopSent);
        return received.get();
    }

    /**
     * Sets the timed loop up for a run (or a warm-up pass) and opens it for samples; returns its start, ns. The
     * same for every pass and run, so that what a measured run executes is what the warm-up compiled.
     */
    private long openRun(LatencyTask task, int runNumber, long iterations, long ratePerSecond, Idler runIdler,
                         long pollIdleCapNanos) {
        Pacing pacing = config.pacing();
        // where in the pacing's cycle this run starts, and that point's offset: computed once, not per send
        long cycleFrom = pacing.isEven() || (runNumber > 0 && pacing.restartsEachRun()) ? 0
                : iterationsHandedOut % pacing.cycleIterations();
        long cycleFromOffsetNanos = pacing.offsetNanos(cycleFrom, ratePerSecond);
        long startNanos = clock.nanoTime();
        if (runNumber > 0 || runLastStart[0] == Long.MIN_VALUE) {
            runFirstStart[runNumber] = startNanos; // the warm-up's passes count as one span for late replies
        }
        runFirstStartNanos = startNanos;
        synchronized (probes) { // a probe's samples of an iteration are the run's from its first start on
            for (Probe p : probes.values()) {
                p.runOpens(startNanos);
            }
        }
        runIterations = iterations;
        lastReplyNanos.set(startNanos);
        loopStartNanos = startNanos;
        loopCycleFrom = cycleFrom;
        loopCycleFromOffsetNanos = cycleFromOffsetNanos;
        loopRatePerSecond = ratePerSecond;
        loopIntervalNanos = HarnessConfig.NANOS_PER_SECOND / ratePerSecond;
        loopSaturationBoundNanos = config.saturationBoundNanos();
        loopPolls = task.pollsOnTimedThread();
        loopIdler = runIdler;
        loopPollIdleCapNanos = pollIdleCapNanos;
        loopSent = 0;
        loopLastActualNanos = startNanos;
        loopSaturatedLateness = -1;
        loopLargestBacklog = 0;
        loopOldestAgeNanos = 0;
        runOpen = true;
        return startNanos;
    }

    /** The timed loop, then the wait for its samples (up to the sample timeout). */
    private void sendAndAwait(LatencyTask task, long iterations) {
        try {
            // in chunks: the timed loop is then invoked often enough to be compiled as a method, once, during the
            // warm-up, not on-stack inside a long measured run
            boolean going = true;
            while (going && loopSent < iterations && failure == null) {
                going = timedLoop(task, Math.min(iterations, loopSent + TIMED_LOOP_CHUNK));
            }
        } catch (RuntimeException | Error e) {
            fail("task failed at iteration " + (loopSent + 1) + ": " + HarnessException.describe(e));
        }
        iterationsHandedOut += loopSent;
        try {
            awaitSamples(task, loopSent, clock.nanoTime() + config.sampleTimeoutNanos());
        } catch (RuntimeException | Error e) {
            fail("task failed while its samples were awaited: " + HarnessException.describe(e));
        }
    }

    /**
     * The timed loop, the one method every warm-up pass and measured run sends from: small, so that the compilers
     * compile it once, quickly, and the engine's send path into {@link #sendNext} (invoked once per send, so compiled
     * as a method, not on-stack in a long loop).
     */
    private boolean timedLoop(LatencyTask task, long iterations) {
        while (loopSent < iterations && failure == null) {
            if (!sendNext(task)) {
                return false;
            }
            loopSent++;
        }
        return true;
    }

    /** Waits for the next iteration's due time and hands it to the task; false when the run fell too far behind. */
    private boolean sendNext(LatencyTask task) {
        long intendedNanos = loopStartNanos + config.pacing().offsetNanos(loopCycleFrom + loopSent, loopRatePerSecond)
                - loopCycleFromOffsetNanos;
        long nowNanos = awaitDue(task, intendedNanos);
        long latenessNanos = nowNanos - intendedNanos;
        if (latenessNanos > loopSaturationBoundNanos) {
            loopSaturatedLateness = latenessNanos;
            return false;
        }
        if (latenessNanos >= loopIntervalNanos) {
            // catching up: iterations already due are sent back to back; a task that reads its replies on this
            // thread still gets one poll per send, so its replies are not left unread meanwhile
            loopLargestBacklog = Math.max(loopLargestBacklog, latenessNanos / loopIntervalNanos);
            if (loopPolls) {
                task.poll();
            }
        }
        long oldest = ledger.oldestUnansweredStart();
        if (oldest != Long.MIN_VALUE) {
            loopOldestAgeNanos = Math.max(loopOldestAgeNanos, nowNanos - oldest);
        }
        sendLateness.record(latenessNanos);
        long givenNanos = correct ? intendedNanos : nowNanos;
        ledger.sent(loopSent, givenNanos, latenessNanos);
        loopLastActualNanos = nowNanos;
        task.run(givenNanos);
        return true;
    }

    /** Until {@code intendedNanos}: polls the task (if it reads on this thread) and idles; returns the time then. */
    private long awaitDue(LatencyTask task, long intendedNanos) {
        long nowNanos;
        while ((nowNanos = clock.nanoTime()) < intendedNanos) {
            if (!loopPolls) {
                loopIdler.idle(intendedNanos - nowNanos);
            } else if (!task.poll()) {
                loopIdler.idle(Math.min(intendedNanos - nowNanos, loopPollIdleCapNanos));
            }
        }
        return nowNanos;
    }

    /** After the last send: until every sample came or the deadline, polling and idling; tracks the oldest age. */
    private void awaitSamples(LatencyTask task, long sent, long deadline) {
        long nowNanos = clock.nanoTime();
        while (received.get() < sent && failure == null && nowNanos < deadline) {
            if (!loopPolls) {
                loopIdler.idle(Math.min(deadline - nowNanos, 1_000_000));
            } else if (!task.poll()) {
                loopIdler.idle(Math.min(deadline - nowNanos, loopPollIdleCapNanos));
            }
            nowNanos = clock.nanoTime();
            long oldest = ledger.oldestUnansweredStart();
            if (oldest != Long.MIN_VALUE) {
                loopOldestAgeNanos = Math.max(loopOldestAgeNanos, nowNanos - oldest);
            }
        }
    }

    /** Between runs: polls the task (if it reads on the timed thread) and idles, for {@code nanos}. */
    public void pause(LatencyTask task, long nanos) {
        boolean polls = task.pollsOnTimedThread();
        long until = clock.nanoTime() + nanos;
        long now;
        while ((now = clock.nanoTime()) < until && failure == null) {
            if (!polls || !task.poll()) {
                idler.idle(Math.min(until - now, polls ? POLL_IDLE_CAP_NANOS : 1_000_000));
            }
        }
    }

    /**
     * The last measured run's orders, one by one, by when each was due; null before any run. Copies the run's
     * ledger.
     */
    public RunTrace lastRunTrace() {
        long sent = ledger.sentCount();
        if (sent == 0 || !measuredRunTraced) {
            return null;
        }
        int n = (int) sent;
        long[] dueOffsetNanos = new long[n];
        long[] latencyNanos = new long[n];
        long[] latenessNanos = new long[n];
        for (int i = 0; i < n; i++) {
            dueOffsetNanos[i] = ledger.startNanos(i) - runStartNanos;
            latencyNanos[i] = ledger.isAnswered(i) ? ledger.latencyNanos(i) : RunTrace.LOST;
            latenessNanos[i] = ledger.latenessNanos(i);
        }
        return new RunTrace(dueOffsetNanos, latencyNanos, latenessNanos, runStartNanos);
    }

    /** The last run's span on the benchmark's clock, ns (at least 1). */
    public long lastRunWallNanos() {
        return Math.max(1, runEndNanos - runStartNanos);
    }

    /**
     * Sets a run's first attempt aside: replies to it that come late count with the warm-up's (run 0's), as the
     * settling passes' do, not with the attempt that is kept.
     */
    public void setAside(int runNumber) {
        runLastStart[0] = Math.max(runLastStart[0], runLastStart[runNumber]);
        runLastStart[runNumber] = Long.MIN_VALUE;
    }

    /**
     * What a wait for a closed run's late replies came to: how long it took, how many replies came in it, and
     * whether it ended because they stopped (all came, or none for the quiet time) rather than at its cap.
     */
    public record LateWait(long waitedNanos, long replies, boolean ended) {
    }

    /**
     * After a run closed with {@code unanswered} orders: polls the task (if it reads on the timed thread) and idles
     * until that many late replies have come, or none for {@code quietNanos}, or {@code capNanos} passed; so that the
     * next run does not start behind the server's queue of this one's orders.
     */
    public LateWait awaitLateReplies(LatencyTask task, long unanswered, long quietNanos, long capNanos) {
        boolean polls = task.pollsOnTimedThread();
        long start = clock.nanoTime();
        long before = lateTotal();
        long seen = before;
        long lastArrival = start;
        long now = start;
        boolean ended = false;
        while (failure == null) {
            long got = lateTotal();
            if (got != seen) {
                seen = got;
                lastArrival = now;
            }
            if (got - before >= unanswered || now - lastArrival >= quietNanos) {
                ended = true;
                break;
            }
            if (now - start >= capNanos) {
                break;
            }
            if (!polls || !task.poll()) {
                idler.idle(polls ? POLL_IDLE_CAP_NANOS : 1_000_000);
            }
            now = clock.nanoTime();
        }
        return new LateWait(now - start, seen - before, ended);
    }

    /** Every late reply so far, of any run or the warm-up, and samples for starts no run gave. */
    private long lateTotal() {
        long total = stray.get();
        for (int i = 0; i < lateByRun.length(); i++) {
            total += lateByRun.get(i);
        }
        return total;
    }

    /** Replies that came after run {@code runNumber}'s timeout (0: the warm-up's); final once the runs have ended. */
    public long lateReplies(int runNumber) {
        return lateByRun.get(runNumber);
    }

    /** Samples for starts no run gave. */
    public long straySamples() {
        return stray.get();
    }

    private static long medianOrMinusOne(SeriesData data) {
        return data.count() == 0 ? -1 : data.percentileNanos(50);
    }

    /**
     * Ends attribution to {@code runNumber}: once this returns, no sample is being recorded in it and every later
     * sample for it is counted late.
     */
    private void closeRun(int runNumber, long sent) {
        runLastStart[runNumber] = sent > 0 ? ledger.startNanos(sent - 1) : runFirstStart[runNumber] - 1;
        runOpen = false;
        phaser.readerLock();
        try {
            phaser.flipPhase();
        } finally {
            phaser.readerUnlock();
        }
    }

    private void resetAll(long iterations, long ratePerSecond) {
        ledger.reset(iterations);
        measuredRunTraced = false;
        if (endToEndTimeline != null) {
            endToEndTimeline.reset(iterations, ratePerSecond);
            serviceTimeTimeline.reset(iterations, ratePerSecond);
        }
        received.set(0);
        unmatched.set(0);
        endToEnd.reset();
        serviceTime.reset();
        sendLateness.reset();
        hiccups.reset();
        jitter.reset();
        for (LatencySeries third : thirds) {
            third.reset();
        }
        synchronized (probes) {
            probes.values().forEach(p -> p.series().reset());
        }
    }

    private Map<String, SeriesData> takeAll(long startEpochMillis, long interval) {
        Map<String, SeriesData> series = new LinkedHashMap<>();
        series.put(SeriesNames.END_TO_END, endToEnd.takeInterval().withTimeline(endToEndTimeline == null ? null
                : endToEndTimeline.take(startEpochMillis, interval)));
        series.put(SeriesNames.SERVICE_TIME, serviceTime.takeInterval().withTimeline(serviceTimeTimeline == null
                ? null : serviceTimeTimeline.take(startEpochMillis, interval)));
        series.put(SeriesNames.SEND_LATENESS, sendLateness.takeInterval());
        synchronized (probes) {
            probes.forEach((name, probe) -> series.put(name, probe.series().takeInterval()));
        }
        if (config.hiccupMeter()) {
            series.put(SeriesNames.HICCUPS, hiccups.takeInterval());
        }
        if (config.jitterMonitor()) {
            series.put(SeriesNames.JITTER, jitter.takeInterval());
        }
        return series;
    }
}
