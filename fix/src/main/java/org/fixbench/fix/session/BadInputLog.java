package org.fixbench.fix.session;

import java.util.function.Consumer;

/**
 * Log lines about bad input, at most a set number a second: a peer that sends megabytes of garbage cannot grow
 * the log by more than that. Lines over the budget are counted, and the count is logged when the next second
 * allows a line (and when the session ends).
 */
final class BadInputLog {
    private final Consumer<String> log;
    private final int linesPerSecond;
    private long windowStartMillis = Long.MIN_VALUE / 2; // far in the past, without overflow
    private int linesInWindow;
    private long suppressed;

    public BadInputLog(Consumer<String> log, int linesPerSecond) {
        this.log = log;
        this.linesPerSecond = linesPerSecond;
    }

    /** Logs {@code line} if this second's budget allows, else counts it. */
    public void accept(long nowMillis, String line) {
        if (nowMillis - windowStartMillis >= 1_000) {
            windowStartMillis = nowMillis;
            linesInWindow = 0;
        }
        if (linesInWindow >= linesPerSecond) {
            suppressed++;
            return;
        }
        linesInWindow++;
        flush();
        log.accept(line);
    }

    /** Says how many lines were left out since the last line, if any. */
    public void flush() {
        if (suppressed > 0) {
            log.accept("(" + suppressed + " more lines about bad input not logged)");
            suppressed = 0;
        }
    }

    public long suppressed() {
        return suppressed;
    }
}
