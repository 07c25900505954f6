package org.fixbench.harness;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One measured run. {@code series} maps a series key ({@link SeriesNames}) to what it recorded, in a stable
 * order: end to end first, then service time, send lateness, the probes, hiccups and jitter.
 */
public record RunResult(int run, String status, String reason, double achievedRatePerSecond, long sent,
                        long received, long lost, double stealPercent, double busyPercent, boolean excluded,
                        long startEpochMillis, long endEpochMillis, Map<String, SeriesData> series) {

    public static final String OK = "OK";
    public static final String FAILED = "FAILED";

    public RunResult {
        series = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(series));
    }

    public boolean ok() {
        return OK.equals(status);
    }

    public SeriesData endToEnd() {
        return series.get(SeriesNames.END_TO_END);
    }
}
