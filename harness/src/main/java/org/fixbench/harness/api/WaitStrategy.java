package org.fixbench.harness.api;

import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * How the timed thread waits for the next scheduled send, and how any harness thread waits for samples.
 * A profile choice, recorded with every result: {@code spin} is the most accurate and burns a core;
 * {@code yield} gives the core away between checks; {@code backoff} parks while the wait is long and spins
 * only for the last stretch, so it leaves the machine to the code under test.
 */
public enum WaitStrategy implements Idler {
    SPIN {
        @Override
        public void idle(long remainingNanos) {
            Thread.onSpinWait();
        }
    },
    YIELD {
        @Override
        public void idle(long remainingNanos) {
            Thread.yield();
        }
    },
    BACKOFF {
        @Override
        public void idle(long remainingNanos) {
            if (remainingNanos > PARK_THRESHOLD_NANOS) {
                LockSupport.parkNanos(Math.min(remainingNanos - PARK_THRESHOLD_NANOS, MAX_PARK_NANOS));
            } else if (remainingNanos > SPIN_THRESHOLD_NANOS) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    };

    private static final long PARK_THRESHOLD_NANOS = 200_000;
    private static final long SPIN_THRESHOLD_NANOS = 20_000;
    private static final long MAX_PARK_NANOS = 1_000_000;

    /** Waits a little; called in a loop that re-reads the clock. */
    public abstract void idle(long remainingNanos);

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static WaitStrategy parse(String text) {
        for (WaitStrategy strategy : values()) {
            if (strategy.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return strategy;
            }
        }
        throw new IllegalArgumentException("unknown wait strategy '" + text + "' (expected spin, yield or backoff)");
    }
}
