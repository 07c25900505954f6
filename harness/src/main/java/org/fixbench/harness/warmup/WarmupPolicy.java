package org.fixbench.harness.warmup;

import java.util.ArrayDeque;
import java.util.Locale;

/**
 * When a warm-up may end: after its scheduled passes, once the JIT compilers of every watched JVM have been quiet
 * for a sustained stretch of settling passes run as the measured runs will run (the run's rate and wait strategy), or
 * at a cap sized for compile work.
 *
 * <p>A pass with more compiling than a whole stretch may have parks the load until the compilers are quiet with it
 * parked ({@link #parked}): on a machine with as many spinning threads as CPUs, they get a CPU only when the load
 * leaves one. The stretch is then watched again from the next pass, under load.
 *
 * <p>Quiet means: over the most recent settling passes that together last at least {@link #stretchNanos()}, the
 * compilers used at most {@link #quietShare()} of that wall time in CPU (summed over the JVMs). A run that starts at
 * the cap is marked so by the caller, naming what was still compiling. Pure: fed one reading per pass, it decides;
 * the readings come from /proc (both JVMs' compiler threads), this JVM's compile time, or a test's fake source.
 */
public final class WarmupPolicy {
    /** The stretch the compilers must stay quiet for before a measured run starts. */
    public static final long DEFAULT_STRETCH_NANOS = 1_000_000_000L;
    /**
     * Compile CPU at most this share of the stretch's wall time is quiet: 10 ms a second. The verdicts' bound for JIT
     * inside a measured run is 2% of its wall time (issue 38); the warm-up waits for half of that.
     */
    public static final double DEFAULT_QUIET_SHARE = 0.01;
    /**
     * While the load is parked for the compilers (see {@link #passWasBusy}), their CPU is read this often; the park
     * ends with the first step in which they used at most the quiet share of it.
     */
    public static final long PARK_STEP_NANOS = 100_000_000L;

    /** What the policy says after a pass. */
    public enum Decision {
        /** Go on: compilers still busy (or not yet watched for a whole stretch). */
        SETTLING,
        /** The compilers were quiet for the stretch: measure. */
        QUIET,
        /** The cap was reached with the compilers still busy: measure, and say so. */
        CAPPED,
        /** No compile time can be read in this JVM: measure after the schedule, and say so. */
        UNWATCHED
    }

    private final long stretchNanos;
    private final double quietShare;
    private final long capNanos;
    /** Settling passes within the current stretch, oldest first: {wall ns, compile CPU ns}. */
    private final ArrayDeque<long[]> recent = new ArrayDeque<>();
    private long settlingNanos;
    private long parkedNanos;
    private int settlingPasses;
    private Decision decision = Decision.SETTLING;

    public WarmupPolicy(long stretchNanos, double quietShare, long capNanos) {
        if (stretchNanos <= 0 || capNanos < 0 || !(quietShare >= 0 && quietShare < 1)) {
            throw new IllegalArgumentException("warm-up policy: stretch must be positive, cap not negative, quiet "
                    + "share in [0, 1)");
        }
        this.stretchNanos = stretchNanos;
        this.quietShare = quietShare;
        this.capNanos = capNanos;
    }

    public static WarmupPolicy defaults(long capNanos) {
        return new WarmupPolicy(DEFAULT_STRETCH_NANOS, DEFAULT_QUIET_SHARE, capNanos);
    }

    /**
     * One settling pass ended: it lasted {@code wallNanos} and the compilers used {@code jitNanos} of CPU over it
     * (-1: not readable). Returns what to do next.
     */
    public Decision settlingPassEnded(long wallNanos, long jitNanos) {
        settlingPasses++;
        settlingNanos += Math.max(0, wallNanos);
        if (jitNanos < 0) {
            return decision = Decision.UNWATCHED;
        }
        recent.addLast(new long[] {Math.max(0, wallNanos), jitNanos});
        // keep the shortest suffix of passes that still spans the stretch
        while (recent.size() > 1 && wallOf(recent) - recent.peekFirst()[0] >= stretchNanos) {
            recent.removeFirst();
        }
        long wall = stretchWallNanos();
        long jit = stretchJitNanos();
        if (wall >= stretchNanos && jit <= quietShare * wall) {
            return decision = Decision.QUIET;
        }
        if (settlingNanos >= capNanos) {
            return decision = Decision.CAPPED;
        }
        return decision = Decision.SETTLING;
    }

    /**
     * Whether a pass compiled more than a whole stretch may ({@link #quietShare()} of {@link #stretchNanos()}, 10 ms):
     * then the caller parks the load (see {@link #parked}) so that the compilers get the CPU that spinning threads
     * would take from them, and settles again. Less stays in the stretch and counts against its budget: a C1 compile
     * of a millisecond, read with its wait for a CPU behind two spinning threads, came to 3-8 ms in a quarter-second
     * pass, and parking for each (the bound was 1% of the pass, 2.5 ms, until 2026-11-26) restarted the stretch
     * again and again while nothing big was compiling (compile log of a tcp:spin client: 35 tasks, 62 ms in all,
     * over a settling of 3.4 s).
     */
    public boolean passWasBusy(long wallNanos, long jitNanos) {
        return jitNanos > quietShare * stretchNanos;
    }

    public long stretchNanos() {
        return stretchNanos;
    }

    public double quietShare() {
        return quietShare;
    }

    /** Whether a step of the park of {@code wallNanos} saw the compilers quiet, so that the load may go on. */
    public boolean parkStepQuiet(long wallNanos, long jitNanos) {
        return jitNanos < 0 || jitNanos <= quietShare * Math.max(0, wallNanos);
    }

    /**
     * The load was parked for {@code wallNanos} while the compilers worked: that time counts toward the cap, and the
     * quiet stretch must be seen again, under load, from the next pass on.
     */
    public Decision parked(long wallNanos) {
        parkedNanos += Math.max(0, wallNanos);
        settlingNanos += Math.max(0, wallNanos);
        recent.clear();
        if (decision == Decision.SETTLING && settlingNanos >= capNanos) {
            decision = Decision.CAPPED;
        }
        return decision;
    }

    /** The settling's time so far, passes and parks, with {@code moreNanos} added: the cap bounds it. */
    public long settlingNanosWith(long moreNanos) {
        return settlingNanos + moreNanos;
    }

    public long parkedNanos() {
        return parkedNanos;
    }

    private static long wallOf(ArrayDeque<long[]> passes) {
        return passes.stream().mapToLong(p -> p[0]).sum();
    }

    public boolean done() {
        return decision != Decision.SETTLING;
    }

    public Decision decision() {
        return decision;
    }

    public int settlingPasses() {
        return settlingPasses;
    }


    /** Compile CPU over the current stretch, ns. */
    public long stretchJitNanos() {
        return recent.stream().mapToLong(p -> p[1]).sum();
    }

    public long stretchWallNanos() {
        return wallOf(recent);
    }




    public long capNanos() {
        return capNanos;
    }

    /** How the settling went, for the warm-up's line. */
    public String describe() {
        String stretch = String.format(Locale.ROOT, "%d settling pass(es) at the run's rate, %.1f s%s; compiling "
                        + "%d ms over the last %.1f s (quiet: at most %.0f%%)", settlingPasses,
                (settlingNanos - parkedNanos) / 1e9, parkedNanos == 0 ? "" : String.format(Locale.ROOT,
                        ", and %.1f s with the load parked while the compilers worked", parkedNanos / 1e9),
                stretchJitNanos() / 1_000_000, stretchWallNanos() / 1e9, 100 * quietShare);
        return switch (decision) {
            case QUIET -> "JIT quiet: " + stretch;
            case CAPPED -> String.format(Locale.ROOT, "still compiling at the cap of %.0f s: %s", capNanos / 1e9,
                    stretch);
            case UNWATCHED -> "no compile time to watch in this JVM";
            case SETTLING -> "settling: " + stretch;
        };
    }
}
