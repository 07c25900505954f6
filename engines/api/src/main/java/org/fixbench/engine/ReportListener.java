package org.fixbench.engine;

/** Where a client delivers what comes back. */
public interface ReportListener {

    /** One ExecutionReport arrived; {@code clOrdId} is its ClOrdID (11) as a number. */
    void onExecutionReport(long clOrdId);

    /** The session ended without being asked to (the server disconnected, logged out, or rejected something). */
    void onDisconnect(String reason);
}
