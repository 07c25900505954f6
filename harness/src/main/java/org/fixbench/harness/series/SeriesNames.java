package org.fixbench.harness.series;

import java.util.Map;
import java.util.Set;

/** Keys of the series every run records, and the labels people see for them. */
public final class SeriesNames {
    public static final String END_TO_END = "endToEnd";
    public static final String SERVICE_TIME = "serviceTime";
    public static final String SEND_LATENESS = "sendLateness";
    public static final String HICCUPS = "hiccups";
    public static final String JITTER = "jitter";

    private static final Map<String, String> LABELS = Map.of(
            END_TO_END, "End to End",
            SERVICE_TIME, "Service time",
            SEND_LATENESS, "Send lateness",
            HICCUPS, "Hiccups",
            JITTER, "Jitter");

    public static final Set<String> RESERVED = LABELS.keySet();

    private SeriesNames() {
    }

    /** The label a person reads: the built-in series' names, a probe's own name otherwise. */
    public static String label(String key) {
        return LABELS.getOrDefault(key, key);
    }
}
