package org.fixbench.cli.options;

import java.util.List;

/** A latency objective such as {@code p99=200us}: a percentile of the round trip and a bound in ns. */
public record Slo(String percentileKey, long boundNanos, String text) {
    public static final List<String> KEYS = List.of("p50", "p90", "p99", "p99.9", "p99.99", "max");

    public static Slo parse(String text) {
        return parse(text, "--slo");
    }

    /** {@code option} names the command-line option in error messages. */
    public static Slo parse(String text, String option) {
        int eq = text.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException(option + " takes PERCENTILE=DURATION, e.g. p99=200us (was '" + text + "')");
        }
        String key = text.substring(0, eq).trim();
        if (!KEYS.contains(key)) {
            throw new IllegalArgumentException(option + " percentile must be one of " + KEYS + " (was '" + key + "')");
        }
        long bound;
        try {
            bound = Durations.parseNanos(text.substring(eq + 1));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(option + " bound: " + e.getMessage());
        }
        if (bound <= 0) {
            throw new IllegalArgumentException(option + " bound must be > 0");
        }
        return new Slo(key, bound, text.trim());
    }
}
