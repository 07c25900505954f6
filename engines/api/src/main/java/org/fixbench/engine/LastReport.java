package org.fixbench.engine;

/**
 * A {@link ReportListener} that keeps the last report's ClOrdID, for an {@link InMemoryRoundTrip} to return: -1 before
 * any, -2 after a disconnect. Allocates nothing.
 */
public final class LastReport implements ReportListener {
    private long clOrdId = -1;

    @Override
    public void onExecutionReport(long reported) {
        clOrdId = reported;
    }

    @Override
    public void onDisconnect(String reason) {
        clOrdId = -2;
    }

    /** The last report's ClOrdID (-1: none yet; -2: disconnected). */
    public long clOrdId() {
        return clOrdId;
    }
}
