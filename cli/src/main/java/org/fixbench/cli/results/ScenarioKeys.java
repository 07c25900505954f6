package org.fixbench.cli.results;

/**
 * The keys every scenario shares, spelled once: the label that carries what a scenario saw in each measured run and
 * the keys of each run's entry that more than one scenario, the forked run or the charts read. A scenario's own keys
 * live in its folder's table.
 */
public final class ScenarioKeys {
    private ScenarioKeys() {
    }

    /** The labels key of what the scenario saw in each measured run, and the keys of each run's entry. */
    public static final String SCENARIO_RUNS = "scenarioRuns";
    public static final String RUN = "run";
    /** The label that names the engine as the command line did (profile and overrides). */
    public static final String ENGINE_LABEL = "engineLabel";
    /** A run's windows: their span, and each one's median and worst. */
    public static final String WINDOW_MILLIS = "windowMillis";
    public static final String WINDOW_P50_NANOS = "windowP50Nanos";
    public static final String WINDOW_MAX_NANOS = "windowWorstNanos";
    /** The windows a run is cut into to see the queue build and drain. */
    public static final long WINDOW_NANOS = 10_000_000L;
    /** Consecutive windows whose median is back within the threshold that make latency "back". */
    public static final int BACK_WINDOWS = 10;
    /** How long the forked server took from its death to listening again (a fresh JVM), from the orchestrator. */
    public static final String SERVER_LISTENING_AFTER_DEATH_NANOS = "serverListeningAfterDeathNanos";
    /** What more than one scenario's table counts per run: its status, orders, lost orders, worst round trip. */
    public static final String STATUS = "status";
    public static final String ORDERS = "orders";
    public static final String LOST = "lost";
    public static final String WORST_NANOS = "worstNanos";
    public static final String DUPLICATE_ANSWERS = "unmatchedOrDuplicateAnswers";
    /** What a scenario that logs the session on again counts: orders not sent while down, attempts, ends. */
    public static final String NOT_SENT = "ordersNotSentWhileDown";
    public static final String ATTEMPTS = "logOnAttempts";
    public static final String SESSION_ENDS = "sessionEnds";
    public static final String END_REASON = "sessionEndReason";
}
