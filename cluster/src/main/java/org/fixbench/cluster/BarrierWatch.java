package org.fixbench.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether the client hosts of one turn are stuck at one of its barriers: some host has waited at a barrier longer
 * than the turn's bound while others never arrived. The bound comes from the turn's own length ({@link #boundNanos}):
 * a host may legitimately wait while another warms up for as long as the warm-up may last, and runs. Fed, every few
 * seconds, which barrier each host waits at (read from the host); its clock is the caller's, never a host's. Pure.
 */
public final class BarrierWatch {
    /**
     * The margin beyond the turn's planned work and warm-up cap a host may wait at a barrier, unless the cluster
     * file's {@code barrier-margin} sets it.
     */
    public static final long MARGIN_NANOS = 30_000_000_000L;

    private final long boundNanos;
    private final long marginNanos;
    /** Per barrier: when a host was first seen waiting at it (caller's clock). */
    private final Map<String, Long> firstSeen = new HashMap<>();

    /** @param boundNanos from {@link #boundNanos}, with {@code marginNanos} */
    public BarrierWatch(long boundNanos, long marginNanos) {
        this.boundNanos = boundNanos;
        this.marginNanos = marginNanos;
    }

    /** A turn's bound: its planned work (warm-up schedule and runs), its warm-up's settling cap, and the margin. */
    public static long boundNanos(long plannedNanos, long warmupCapNanos, long marginNanos) {
        return plannedNanos + warmupCapNanos + marginNanos;
    }

    public long boundNanos() {
        return boundNanos;
    }

    /**
     * One look at the hosts: {@code waitingAt} gives, per host (in the cluster file's order), the barrier it waits at
     * now, or null. Returns the line that ends the turn, or null while no barrier is past its bound.
     *
     * @param describe what a barrier's name means to a reader (e.g. "run-1 of tcp:yield")
     * @param lastLine per host, the last line of its log (for the hosts that did not arrive)
     */
    public String look(long nowNanos, Map<String, String> waitingAt, java.util.function.UnaryOperator<String> describe,
                       java.util.function.UnaryOperator<String> lastLine) {
        for (String barrier : waitingAt.values()) {
            if (barrier != null) {
                firstSeen.putIfAbsent(barrier, nowNanos);
            }
        }
        for (Map.Entry<String, Long> e : firstSeen.entrySet()) {
            String barrier = e.getKey();
            long waited = nowNanos - e.getValue();
            if (waited <= boundNanos || !waitingAt.containsValue(barrier)) {
                continue;
            }
            List<String> absent = new ArrayList<>();
            for (Map.Entry<String, String> h : waitingAt.entrySet()) {
                if (!barrier.equals(h.getValue())) {
                    String last = lastLine.apply(h.getKey());
                    absent.add(h.getKey() + (last == null || last.isBlank() ? "" : " (its log ends: '" + last
                            .strip() + "')"));
                }
            }
            return String.format(Locale.ROOT, "client hosts waited %.1f s at the barrier before %s (%s), longer than "
                            + "this turn's bound of %d s (its warm-up's schedule and cap, its runs, and %d s): %s did "
                            + "not arrive", waited / 1e9, describe.apply(barrier), barrier,
                    boundNanos / 1_000_000_000L, marginNanos / 1_000_000_000L, String.join(", ", absent));
        }
        return null;
    }
}
