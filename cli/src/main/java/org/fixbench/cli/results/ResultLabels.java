package org.fixbench.cli.results;

import org.fixbench.harness.results.BenchmarkResult;

/**
 * The keys a comparison writes into {@code summary.json}, spelled once: a result's labels (beside its name) and the
 * environment keys that let a report be made again from the folder.
 */
public final class ResultLabels {
    /** The engine every comparison measures the others against: raw TCP. */
    public static final String FLOOR_ENGINE = "tcp";

    public static final String ENGINE = "engine";
    public static final String PROFILE = "profile";
    /** An interop pair's client and server engines (ENGINE[:PROFILE] each). */
    public static final String CLIENT = "client";
    public static final String SERVER = "server";
    /** Per engine run, the number of the floor run adjacent to it in time (its pair for the overhead). */
    public static final String PAIRED_FLOOR_RUNS = "pairedFloorRuns";
    /** The label of the floor a result was paired with. */
    public static final String FLOOR = "floor";
    public static final String ENGINE_NOTES = "engineNotes";
    /**
     * The server's threads that kept a CPU busy with no load, read from /proc before the warm-up (since 2026-12-07;
     * absent before, and where the server is not a process of its own): a server that spins, whose CPU per order is
     * its spin's, not its work's.
     */
    public static final String SERVER_SPINNING_THREADS = "serverSpinningThreads";
    /** How many FIX sessions the benchmark opened (absent: one, as before the label existed). */
    public static final String SESSIONS = "sessions";
    public static final String PROCESSES = "processes";
    /**
     * What each session sent, when not the fixed order: {@code mixed:SEED}, or {@code file:NAME sha256:HEX16} for a
     * replayed log (absent: fixed, as before the label existed).
     */
    public static final String WORKLOAD = "workload";
    /** A profiled result: what profiled it (its latencies include the profiler's cost), and its profile files. */
    public static final String PROFILED = "profiled";
    public static final String PROFILES = "profiles";

    /** Environment: the comparison's command line, contenders in order, rates in order. */
    public static final String COMMAND = "command";
    public static final String COMPARED_LABELS = "comparedLabels";
    public static final String COMPARED_RATES = "comparedRates";
    /** Environment: how many of the results, from the first, are the comparison's (a knee search's steps follow). */
    public static final String COMPARED_RESULTS = "comparedResults";
    /** Environment (a tuning session): the baseline's label, the variants' labels, the verdicts' threshold. */
    public static final String TUNE_BASELINE = "tuneBaseline";
    public static final String TUNE_VARIANTS = "tuneVariants";
    public static final String TUNE_THRESHOLD = "tuneThreshold";
    /** Environment (a tuning session): per variant, the compare command that reproduces it against the baseline. */
    public static final String TUNE_REPRODUCE = "tuneReproduce";

    /** Environment: why a comparison stopped early. */
    public static final String STOP_REASON = "stopReason";
    /** Environment: why each engine left out of a comparison ended early (the comparison went on without it). */
    public static final String LEFT_OUT = "leftOut";
    /**
     * A comparison across hosts: per benchmark, each client host's own distribution over its rounds (host, runs,
     * count, p50Nanos, p99Nanos, maxNanos, statuses); the benchmark's distribution is their sum.
     */
    public static final String HOSTS = "hosts";
    /** A comparison across hosts (environment): the cluster file, its hosts, each one's environment and ping. */
    public static final String CLUSTER = "cluster";

    private ResultLabels() {
    }

    /** How a result is named in tables: CLIENT/SERVER for an interop pair, else ENGINE:PROFILE. */
    public static String label(BenchmarkResult r) {
        return Labels.of(r).label();
    }

    /** Whether a result is the floor's (raw TCP, not an interop pair). */
    public static boolean isFloor(BenchmarkResult r) {
        return Labels.of(r).isFloor();
    }
}
