package org.fixbench.cli.options;

/** The exit statuses of every command, spelled once. */
public final class ExitStatus {
    /** The command completed, but a run has a status named by {@code --fail-on}, or {@code diff} found worse. */
    public static final int FAILED_RUNS = 1;
    /** Bad input: one line on stderr. */
    public static final int BAD_INPUT = 2;
    /** An error such as another measuring fixbench running. */
    public static final int ERROR = 3;
    /**
     * A comparison did not run all it planned: it stopped early, or left out an engine whose session was lost or that
     * could not start (and went on with the others); the results so far are written.
     */
    public static final int STOPPED = 4;
    /** {@code diff} could not judge (too few runs for any verdict, or nothing in NEW): a gate must not pass on it. */
    public static final int NOT_JUDGED = 5;

    private ExitStatus() {
    }
}
