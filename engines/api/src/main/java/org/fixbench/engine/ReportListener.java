package org.fixbench.engine;

/** Where a client delivers what comes back. */
public interface ReportListener {

    /** One ExecutionReport arrived; {@code clOrdId} is its ClOrdID (11) as a number. */
    void onExecutionReport(long clOrdId);

    /** The session ended without being asked to (the server disconnected, logged out, or rejected something). */
    void onDisconnect(String reason);

    /**
     * One ExecutionReport arrived on session {@code session} (0-based) of a client carrying
     * {@linkplain EngineSetup#sessions() many}; a client of one session may call {@link #onExecutionReport(long)}.
     */
    default void onExecutionReport(int session, long clOrdId) {
        onExecutionReport(clOrdId);
    }

    /** Session {@code session} (0-based) ended without being asked to. */
    default void onDisconnect(int session, String reason) {
        onDisconnect(reason);
    }
}
