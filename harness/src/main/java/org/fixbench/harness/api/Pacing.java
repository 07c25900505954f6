package org.fixbench.harness.api;

import java.util.Arrays;

/**
 * When each iteration of a run is due, after the run's start, at a given mean rate. {@link #EVEN} (the default)
 * spaces iterations exactly {@code 1/rate} apart. {@link #ofGaps} follows a recorded shape: a cycle of gaps between
 * iterations (bursts and lulls), repeated, stretched or shrunk so that its mean rate is the run's rate. Either way a
 * run at rate R is due to have sent {@code k × cycle} iterations at exactly {@code k × cycle / R} seconds, so the
 * rate rules (a run that sent fewer than its schedule asked is behind) hold for both.
 *
 * <p>{@code iterationsPerGap} iterations share each gap, spread evenly inside it: a task that deals iterations out
 * to N parties in turn (iteration i to party i mod N) gives each party the cycle's shape when this is N.
 *
 * <p>A shape {@linkplain #restartingEachRun() restarting each run} begins every measured run at its cycle's start
 * (the warm-up's passes still go on through the cycle, so they practise all of it): a scripted disturbance, a burst
 * at a fixed second of each run, is such a shape whose cycle is one run.
 *
 * <p>Immutable; {@link #offsetNanos} allocates nothing.
 */
public final class Pacing implements java.io.Serializable {
    /** Iterations exactly {@code 1/rate} apart. */
    public static final Pacing EVEN = new Pacing(null, 1, false);

    private final long[] gapNanos;
    private final long[] gapStartNanos;
    private final long cycleSpanNanos;
    private final int iterationsPerGap;
    private final boolean restartsEachRun;

    private Pacing(long[] gapNanos, int iterationsPerGap, boolean restartsEachRun) {
        this.gapNanos = gapNanos;
        this.iterationsPerGap = iterationsPerGap;
        this.restartsEachRun = restartsEachRun;
        if (gapNanos == null) {
            this.gapStartNanos = null;
            this.cycleSpanNanos = 0;
        } else {
            this.gapStartNanos = new long[gapNanos.length];
            long sum = 0;
            for (int i = 0; i < gapNanos.length; i++) {
                gapStartNanos[i] = sum;
                sum = Math.addExact(sum, gapNanos[i]);
            }
            this.cycleSpanNanos = sum;
        }
    }

    /**
     * The shape of {@code gapNanos}: gap {@code g} is the time between the g-th and the next iteration (the last, the
     * time from the cycle's last iteration to the next cycle's first).
     *
     * @throws IllegalArgumentException for no gaps, a negative gap, gaps that add up to nothing, or
     *                                  {@code iterationsPerGap} below 1
     */
    public static Pacing ofGaps(long[] gapNanos, int iterationsPerGap) {
        if (gapNanos == null || gapNanos.length == 0) {
            throw new IllegalArgumentException("pacing needs at least one gap");
        }
        if (iterationsPerGap < 1) {
            throw new IllegalArgumentException("pacing: iterations per gap must be at least 1 (was "
                    + iterationsPerGap + ")");
        }
        long sum = 0;
        for (long gap : gapNanos) {
            if (gap < 0) {
                throw new IllegalArgumentException("pacing: a gap is negative (" + gap + " ns)");
            }
            sum += gap;
            if (sum < 0) {
                throw new IllegalArgumentException("pacing: the gaps add up to more than a long holds");
            }
        }
        if (sum == 0) {
            throw new IllegalArgumentException("pacing: the gaps add up to no time at all");
        }
        return new Pacing(gapNanos.clone(), iterationsPerGap, false);
    }

    /** This shape, each measured run starting at its cycle's first iteration (see the class comment). */
    public Pacing restartingEachRun() {
        return gapNanos == null || restartsEachRun ? this : new Pacing(gapNanos, iterationsPerGap, true);
    }

    /** Whether each measured run starts at the cycle's first iteration rather than where the last one left it. */
    public boolean restartsEachRun() {
        return restartsEachRun;
    }

    /** Whether this is {@link #EVEN}. */
    public boolean isEven() {
        return gapNanos == null;
    }

    /** The gaps of one cycle, as given ({@code null} for {@link #EVEN}). */
    public long[] gapNanos() {
        return gapNanos == null ? null : gapNanos.clone();
    }

    public int iterationsPerGap() {
        return iterationsPerGap;
    }

    /** The iterations of one cycle of the shape (1 for {@link #EVEN}). */
    public long cycleIterations() {
        return gapNanos == null ? 1 : (long) gapNanos.length * iterationsPerGap;
    }

    /**
     * When iteration {@code first + iteration} is due after iteration {@code first}: a run that starts where earlier
     * runs left the cycle ({@code first} iterations handed out before it) goes on with the cycle's shape. For
     * {@link #EVEN}, {@code first} makes no difference.
     */
    public long offsetNanos(long first, long iteration, long ratePerSecond) {
        if (gapNanos == null) {
            return HarnessConfig.scheduleOffsetNanos(iteration, ratePerSecond);
        }
        long cycle = cycleIterations();
        long from = first % cycle;
        return offsetNanos(from + iteration, ratePerSecond) - offsetNanos(from, ratePerSecond);
    }

    /** When iteration {@code iteration} (0-based) of a run at a mean of {@code ratePerSecond} is due. */
    public long offsetNanos(long iteration, long ratePerSecond) {
        if (gapNanos == null) {
            return HarnessConfig.scheduleOffsetNanos(iteration, ratePerSecond);
        }
        long cycleIterations = cycleIterations();
        long cycles = iteration / cycleIterations;
        long inCycle = iteration - cycles * cycleIterations;
        int gap = (int) (inCycle / iterationsPerGap);
        long within = inCycle - (long) gap * iterationsPerGap;
        // where in the recorded cycle the iteration falls, then that point stretched to the cycle's length at the rate
        double recordedNanos = gapStartNanos[gap] + gapNanos[gap] * (double) within / iterationsPerGap;
        double cycleNanosAtRate = cycleIterations * (double) HarnessConfig.NANOS_PER_SECOND / ratePerSecond;
        return HarnessConfig.scheduleOffsetNanos(cycles * cycleIterations, ratePerSecond)
                + (long) (recordedNanos / cycleSpanNanos * cycleNanosAtRate);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pacing p && iterationsPerGap == p.iterationsPerGap && restartsEachRun == p.restartsEachRun
                && Arrays.equals(gapNanos, p.gapNanos);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(gapNanos) + iterationsPerGap) + (restartsEachRun ? 1 : 0);
    }

    @Override
    public String toString() {
        return gapNanos == null ? "even" : String.format(java.util.Locale.ROOT, "gaps of a %,d-iteration cycle "
                + "spanning %,d ns, %d iteration(s) a gap%s", gapNanos.length, cycleSpanNanos, iterationsPerGap,
                restartsEachRun ? ", each measured run from the cycle's start" : "");
    }
}
