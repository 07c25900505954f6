package org.fixbench.harness.timed;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.fixbench.harness.api.HarnessException;

/**
 * Which iteration of the current run a sample answers, and which are still unanswered.
 *
 * <p>The harness thread {@linkplain #sent records} each iteration's start (the value the task was given) and its
 * send lateness before the task sees it, then publishes the count; a sample finds its iteration by its start
 * (in-order replies in O(1), others by binary search) and marks it answered, so samples are matched to iterations
 * by identity, not by order. Capacity is fixed when the benchmark is built: nothing here allocates per run.
 */
final class RunLedger {
    private static final VarHandle BITS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(RunLedger.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long[] startNanos;
    private final long[] latenessNanos;
    /** Each answered iteration's latency (start to reply), for {@link RunTrace}: written once, by the sample. */
    private final long[] latencyNanos;
    private final long[] answered;
    @SuppressWarnings("unused") // through COUNT
    private volatile long count;
    private long lowestUnanswered;

    RunLedger(long capacity) {
        if (capacity > Integer.MAX_VALUE - 64) {
            throw new HarnessException("a run of " + capacity + " iterations is more than one run can track "
                    + "(at most " + (Integer.MAX_VALUE - 64) + "): use shorter runs");
        }
        int n = (int) Math.max(1, capacity);
        this.startNanos = new long[n];
        this.latenessNanos = new long[n];
        this.latencyNanos = new long[n];
        this.answered = new long[(n + 63) >>> 6];
    }

    /** Bytes this ledger holds for {@code capacity} iterations. */
    static long bytesFor(long capacity) {
        return capacity * 24 + (capacity + 63) / 64 * 8;
    }

    int capacity() {
        return startNanos.length;
    }

    /** Harness thread, between runs (no sample can reach this ledger then). */
    void reset(long iterations) {
        int words = (int) Math.min(answered.length, (iterations + 63) >>> 6);
        java.util.Arrays.fill(answered, 0, words, 0L);
        COUNT.setRelease(this, 0L);
        lowestUnanswered = 0;
    }

    /** Harness thread: iteration {@code index} starts now with this start value. */
    void sent(long index, long start, long lateness) {
        startNanos[(int) index] = start;
        latenessNanos[(int) index] = lateness;
        COUNT.setRelease(this, index + 1);
    }

    long sentCount() {
        return (long) COUNT.getAcquire(this);
    }

    /**
     * Any thread: marks the iteration that started at {@code start} answered and returns its index; -1 when no
     * iteration of this run has that start, -2 when every iteration with that start was answered already.
     */
    int answer(long start, long guess) {
        int sent = (int) sentCount();
        int index = -1;
        if (guess >= 0 && guess < sent && startNanos[(int) guess] == start) {
            index = (int) guess;
        } else {
            int lo = 0;
            int hi = sent - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (startNanos[mid] < start) {
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            index = lo < sent && startNanos[lo] == start ? lo : -1;
        }
        if (index < 0) {
            return -1;
        }
        // equal starts (a coarse clock with correction off): the first of them not yet answered
        for (int i = index; i < sent && startNanos[i] == start; i++) {
            long bit = 1L << (i & 63);
            long before = (long) BITS.getAndBitwiseOr(answered, i >>> 6, bit);
            if ((before & bit) == 0) {
                return i;
            }
        }
        return -2;
    }

    /** The thread that answered {@code index}: its latency, read once the run is closed. */
    void latency(int index, long nanos) {
        latencyNanos[index] = nanos;
    }

    /** The latency of an answered iteration of a closed run (meaningless for one not answered). */
    long latencyNanos(long index) {
        return latencyNanos[(int) index];
    }

    boolean isAnswered(long index) {
        return ((long) BITS.getVolatile(answered, (int) (index >>> 6)) & (1L << (index & 63))) != 0;
    }

    long startNanos(long index) {
        return startNanos[(int) index];
    }

    long latenessNanos(long index) {
        return latenessNanos[(int) index];
    }

    /**
     * Harness thread: the start of the oldest iteration sent and not yet answered, or {@code Long.MIN_VALUE} when
     * all are answered. Amortised O(1): the lowest unanswered index only moves forward.
     */
    long oldestUnansweredStart() {
        long sent = sentCount();
        while (lowestUnanswered < sent && isAnswered(lowestUnanswered)) {
            lowestUnanswered++;
        }
        return lowestUnanswered < sent ? startNanos[(int) lowestUnanswered] : Long.MIN_VALUE;
    }
}
