package org.fixbench.cli.results;

import java.util.Map;

/**
 * The scenarios' names as their folders record them, and the times into a run that both the plan and the report
 * read. A folder is a scenario's when its environment names one ({@link #isScenario}).
 */
public final class Scenarios {
    private Scenarios() {
    }

    public static final String SLOW_CONSUMER = "slow-consumer";
    public static final String BURST = "burst";
    public static final String RESEND_STORM = "resend-storm";
    public static final String SERVER_RESTART = "server-restart";
    /** Every scenario built, in the order the help lists them. */
    public static final java.util.List<String> NAMES = java.util.List.of(SLOW_CONSUMER, BURST, RESEND_STORM,
            SERVER_RESTART);
    public static final String BUILT = String.join(", ", NAMES);
    /** How far into its measured run a slow consumer's stall starts. */
    public static final long STALL_DELAY_MILLIS = 1_000;
    /** How far into a burst run its burst starts. */
    public static final long BURST_DELAY_MILLIS = 2_000;
    /** How far into a resend-storm run its gap starts. */
    public static final long GAP_DELAY_MILLIS = 2_000;

    /** Whether a results folder's environment is a scenario's. */
    public static boolean isScenario(Map<String, Object> env) {
        return env.get("scenario") instanceof Map<?, ?> m && NAMES.contains(m.get("name"));
    }
}
