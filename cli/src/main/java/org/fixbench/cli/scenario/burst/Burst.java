package org.fixbench.cli.scenario.burst;

import static org.fixbench.cli.scenario.burst.BurstTable.*;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.run.ClientScenario;
import org.fixbench.cli.scenario.ScenarioWindows;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.Pacing;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.timed.RunTrace;

/**
 * The {@code burst} scenario: each measured run is {@link Plan#beforeMillis()} at the base rate, {@link
 * Plan#burstMillis()} at {@link Plan#factor()} times it, then {@link Plan#afterMillis()} at the base rate again, one
 * drift-free schedule ({@link Plan#pacing()}, a paced shape whose cycle is one run and which every measured run starts
 * from its beginning; the warm-up goes on through it, so it practises bursts). After each measured run this listener
 * reads the run's orders one by one ({@link LatencyBenchmark#lastRunTrace()}) and keeps what {@link #observe} finds.
 */
public final class Burst implements ProgressListener, ClientScenario {

    /** What the scenario does in each measured run. */
    public record Plan(long baseRatePerSecond, int factor, long beforeMillis, long burstMillis, long afterMillis)
            implements ClientScenario.Plan {
        /** A burst needs nothing around the engine's client: the watch is all of its side. */
        @Override
        public ClientScenario open(ClientScenario.Setup setup) {
            return new Burst(this);
        }

        public Plan {
            if (baseRatePerSecond < 1 || factor < 2 || beforeMillis < 1_000 || burstMillis < 1 || afterMillis < 1) {
                throw new IllegalArgumentException("burst: base rate " + baseRatePerSecond + "/s, factor " + factor
                        + ", before " + beforeMillis + " ms, burst " + burstMillis + " ms, after " + afterMillis
                        + " ms");
            }
        }

        /** Iterations that share one gap of the shape: a millisecond's at the base rate when that is whole. */
        int iterationsPerGap() {
            return baseRatePerSecond % 1_000 == 0 ? (int) (baseRatePerSecond / 1_000) : 1;
        }

        private long gaps(long millis, long rate) {
            return Math.round(rate * millis / 1e3 / iterationsPerGap());
        }

        public long beforeIterations() {
            return gaps(beforeMillis, baseRatePerSecond) * iterationsPerGap();
        }

        public long burstIterations() {
            return gaps(burstMillis, baseRatePerSecond * factor) * iterationsPerGap();
        }

        public long afterIterations() {
            return gaps(afterMillis, baseRatePerSecond) * iterationsPerGap();
        }

        /** A measured run's orders: the shape's one cycle. */
        public long iterations() {
            return beforeIterations() + burstIterations() + afterIterations();
        }

        /** The run's mean rate, the rate its schedule is stretched to (whole per second, as the harness takes it). */
        public long meanRatePerSecond() {
            return Math.max(1, Math.round(iterations() * 1e3 / (beforeMillis + burstMillis + afterMillis)));
        }

        /** The shape: gaps of the base rate, then of the burst's, then of the base rate again. */
        public Pacing pacing() {
            int k = iterationsPerGap();
            long before = beforeIterations() / k;
            long burst = burstIterations() / k;
            long after = afterIterations() / k;
            long[] gaps = new long[Math.toIntExact(before + burst + after)];
            long slow = Math.round(1e9 * k / baseRatePerSecond);
            long fast = Math.round(1e9 * k / (baseRatePerSecond * (double) factor));
            for (int g = 0; g < gaps.length; g++) {
                gaps[g] = g < before || g >= before + burst ? slow : fast;
            }
            // the last gap before the burst is a base one and the burst's last a fast one: the burst's first order is
            // due a base gap after the last one before it, and its orders span burstMillis
            return Pacing.ofGaps(gaps, k).restartingEachRun();
        }

        /** When the burst's first order is due, after the run's start, on the schedule the harness keeps. */
        public long burstStartNanos() {
            return pacing().offsetNanos(beforeIterations(), meanRatePerSecond());
        }

        /** When the first order after the burst is due. */
        public long burstEndNanos() {
            return pacing().offsetNanos(beforeIterations() + burstIterations(), meanRatePerSecond());
        }
    }

    private final Plan plan;
    private final long burstStartNanos;
    private final long burstEndNanos;
    private final List<Map<String, Object>> observed = new ArrayList<>();
    private LatencyBenchmark benchmark;

    public Burst(Plan plan) {
        this.plan = plan;
        this.burstStartNanos = plan.burstStartNanos();
        this.burstEndNanos = plan.burstEndNanos();
    }

    /** The benchmark whose runs this reads (given after it is made, with this as its listener). */
    @Override
    public void watch(LatencyBenchmark benchmark) {
        this.benchmark = benchmark;
    }

    @Override
    public void runEnded(String name, RunResult result) {
        RunTrace trace = benchmark == null ? null : benchmark.lastRunTrace();
        if (trace == null) {
            return;
        }
        Map<String, Object> seen = observe(trace, plan, burstStartNanos, burstEndNanos);
        seen.put(RUN, result.run());
        seen.put(STATUS, result.status().name());
        observed.removeIf(m -> m.get(RUN).equals(result.run())); // a run measured again: its last attempt
        observed.add(seen);
    }


    /** One map per measured run (see {@link org.fixbench.cli.scenario.burst.BurstTable}), in run order. */
    @Override
    public ProgressListener listener() {
        return this;
    }

    /** Nothing to stop: a burst starts no thread or socket of its own. */
    @Override
    public void close() {
    }

    @Override
    public List<Map<String, Object>> observed() {
        return new ArrayList<>(observed);
    }

    /**
     * What one run's orders show: the p99 of the orders due before the burst (from {@link ScenarioWindows#SETTLE_NANOS}), the
     * burst's own p99 and worst, and, in windows of {@link org.fixbench.cli.scenario.burst.BurstTable#WINDOW_NANOS}:
     * <ul>
     * <li>how many of the burst's windows had their median above that pre-burst p99 (it queued);</li>
     * <li>when latency was back after the burst: the start of the first window from the burst's end on from which
     * {@link org.fixbench.cli.scenario.burst.BurstTable#BACK_WINDOWS} windows in a row (or all to the run's end, if fewer) have their median within the
     * pre-burst p99 and no order lost, measured from the burst's end (0: at once); -1 when that never came within the run. A hiccup
     * in the burst does not count here; one in the windows right after it does, as a queue would;</li>
     * <li>the most orders in flight in a window (Little's law: the time its orders waited for their replies over its
     * span), and before the burst;</li>
     * <li>how late the client sent the burst's orders at most, and the orders never answered;</li>
     * <li>every window's median and worst, for the chart.</li>
     * </ul>
     */
    public static Map<String, Object> observe(RunTrace trace, Plan plan, long burstStartNanos, long burstEndNanos) {
        Map<String, Object> m = new LinkedHashMap<>();
        long preFrom = Math.min(ScenarioWindows.SETTLE_NANOS, burstStartNanos / 2);
        long preP99 = trace.percentileNanos(preFrom, burstStartNanos, 99);
        long end = Long.MAX_VALUE;
        m.put(BASE_RATE, plan.baseRatePerSecond());
        m.put(FACTOR, plan.factor());
        m.put(BURST_START_NANOS, burstStartNanos);
        m.put(BURST_END_NANOS, burstEndNanos);
        m.put(ORDERS, trace.orders());
        m.put(LOST, trace.lost(0, end));
        m.put(PRE_P99_NANOS, preP99);
        m.put(BURST_P99_NANOS, trace.percentileNanos(burstStartNanos, burstEndNanos, 99));
        m.put(BURST_MAX_NANOS, trace.percentileNanos(burstStartNanos, burstEndNanos, 100));
        m.put(AFTER_P99_NANOS, trace.percentileNanos(burstEndNanos, end, 99));
        m.put(WORST_NANOS, trace.percentileNanos(0, end, 100));
        List<RunTrace.Window> windows = trace.windows(WINDOW_NANOS);
        int above = 0;
        int burstWindows = 0;
        double peak = 0;
        int peakWindow = -1;
        double preInFlight = 0;
        long latest = 0;
        for (int w = 0; w < windows.size(); w++) {
            RunTrace.Window window = windows.get(w);
            boolean inBurst = window.fromNanos() + WINDOW_NANOS > burstStartNanos && window.fromNanos() < burstEndNanos;
            if (inBurst) {
                burstWindows++;
                above += window.p50Nanos() > preP99 ? 1 : 0;
                latest = Math.max(latest, window.maxLatenessNanos());
            }
            if (window.fromNanos() + WINDOW_NANOS > burstStartNanos) {
                if (window.inFlight() > peak) {
                    peak = window.inFlight();
                    peakWindow = w;
                }
            } else if (window.fromNanos() >= preFrom) {
                preInFlight = Math.max(preInFlight, window.inFlight());
            }
        }
        long backNanos = ScenarioWindows.backAfterNanos(windows, preP99, burstEndNanos);
        m.put(BURST_WINDOWS, burstWindows);
        m.put(BURST_WINDOWS_ABOVE, above);
        m.put(BACK_AFTER_NANOS, backNanos);
        m.put(PEAK_IN_FLIGHT, peak);
        m.put(PEAK_AT_NANOS, peakWindow < 0 ? -1 : windows.get(peakWindow).fromNanos());
        m.put(PRE_IN_FLIGHT, preInFlight);
        m.put(BURST_MAX_LATENESS_NANOS, latest);
        ScenarioWindows.putWindows(m, windows);
        return m;
    }
}
