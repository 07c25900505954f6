package org.fixbench.cli.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.ScenarioKeys;
import org.fixbench.harness.timed.RunTrace;

/**
 * What the scenarios read from a run's windows ({@link RunTrace.Window}, {@link ScenarioKeys#WINDOW_NANOS} each),
 * shared by every scenario that asks when latency was back after it disturbed the run (burst, resend-storm,
 * server-restart).
 */
public final class ScenarioWindows {
    /** The first stretch of a run is left out of its pre-disturbance p99: the run's own start, not its steady state. */
    public static final long SETTLE_NANOS = 500_000_000L;

    private ScenarioWindows() {
    }

    /**
     * When latency was back within {@code thresholdNanos} after {@code fromNanos}: the start of the first window from
     * there on (wholly after it) from which {@link ScenarioKeys#BACK_WINDOWS} windows in a row (or all to the run's end, if fewer)
     * have their median within the threshold and no order lost, less {@code fromNanos}; 0 when that is the first
     * such window; -1 when it never came within the run.
     */
    public static long backAfterNanos(List<RunTrace.Window> windows, long thresholdNanos, long fromNanos) {
        int first = -1;
        for (int w = 0; w < windows.size() && first < 0; w++) {
            if (windows.get(w).fromNanos() >= fromNanos) {
                first = w;
            }
        }
        for (int w = Math.max(0, first); first >= 0 && w < windows.size(); w++) {
            boolean back = true;
            for (int k = w; k < Math.min(windows.size(), w + ScenarioKeys.BACK_WINDOWS) && back; k++) {
                RunTrace.Window window = windows.get(k);
                // a window with no order due is no sign of a queue; one with an order never answered is
                back = window.orders() == 0 || (window.lost() == 0 && window.p50Nanos() <= thresholdNanos);
            }
            if (back) {
                return w == first ? 0 : windows.get(w).fromNanos() - fromNanos;
            }
        }
        return -1;
    }

    /** A run's 10 ms windows into what a scenario keeps of it: their span, and each one's median and worst. */
    public static void putWindows(Map<String, Object> m, List<RunTrace.Window> windows) {
        m.put(ScenarioKeys.WINDOW_MILLIS, ScenarioKeys.WINDOW_NANOS / 1_000_000);
        m.put(ScenarioKeys.WINDOW_P50_NANOS, new ArrayList<>(windows.stream().map(RunTrace.Window::p50Nanos).toList()));
        m.put(ScenarioKeys.WINDOW_MAX_NANOS, new ArrayList<>(windows.stream().map(RunTrace.Window::maxNanos).toList()));
    }
}
