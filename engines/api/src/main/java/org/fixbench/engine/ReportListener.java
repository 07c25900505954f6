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

    /**
     * Order {@code clOrdId} reached stage {@code stage}, an index into the engine's {@link FixEngine#stages()} (its
     * first ack, say), now: timed from the order's intended send time, its ClOrdID. Nothing by default.
     */
    default void onStage(int stage, long clOrdId) {
    }

    /**
     * The request {@code clOrdId} (its ClOrdID's number), of MsgType {@code msgType} (D, F or G), got its answer now:
     * said by a client that matches answers to requests by ClOrdID ({@link FixEngine#reportsInOrder()} false), just
     * before the {@link #onExecutionReport} of the same answer, so that each message type is timed as a series of its
     * own. A client whose answers come in order need not: the k-th answer is the k-th request's. Nothing by default.
     */
    default void onRequestAnswered(char msgType, long clOrdId) {
    }

    /** Session {@code session} (0-based) ended without being asked to. */
    default void onDisconnect(int session, String reason) {
        onDisconnect(reason);
    }

    /**
     * An answer on session {@code session} (0-based) was not the one its order calls for ({@link OrderFlow#mismatch});
     * the benchmark ends with {@code reason}, as when the session ends.
     */
    default void onWrongAnswer(int session, String reason) {
        onDisconnect(session, "wrong answer: " + reason);
    }

    /**
     * What one member of a client of many sessions reports to: its reports and its end, passed on to
     * {@code listener} as session {@code session}'s.
     */
    static ReportListener ofSession(ReportListener listener, int session) {
        return new ReportListener() {
            @Override
            public void onExecutionReport(long clOrdId) {
                listener.onExecutionReport(session, clOrdId);
            }

            @Override
            public void onDisconnect(String reason) {
                listener.onDisconnect(session, reason);
            }

            @Override
            public void onWrongAnswer(int ignored, String reason) {
                listener.onWrongAnswer(session, reason);
            }

            @Override
            public void onStage(int stage, long clOrdId) {
                listener.onStage(stage, clOrdId);
            }

            @Override
            public void onRequestAnswered(char msgType, long clOrdId) {
                listener.onRequestAnswered(msgType, clOrdId);
            }
        };
    }
}
