package org.fixbench.engine;

import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * The client role: connect, log on, send NewOrderSingles, deliver each ExecutionReport's ClOrdID to a callback.
 *
 * @implSpec {@link #send(long)} is called on the harness's timed thread; it builds the {@link Workload}'s
 * NewOrderSingle with ClOrdID (11) set to the given number in decimal, hands it to the transport and returns. The
 * listener is called once per ExecutionReport, on whatever thread the engine receives on; that thread calls
 * {@link EngineSetup#pinCurrentThread(String)} with role {@code "client receiver"} before its first report, if it
 * is the engine's own thread.
 */
public interface EngineClient extends AutoCloseable {

    /**
     * Connects and logs on; returns once the session can carry orders, or throws after {@code timeout}. With
     * {@link EngineSetup#sessions()} above 1, it logs on every session (each its own connection and
     * {@linkplain EngineSetup#clientCompIds() SenderCompID}) and reports through
     * {@link ReportListener#onExecutionReport(int, long)} with the session's index.
     */
    void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception;

    /**
     * Sends one NewOrderSingle whose ClOrdID is {@code clOrdId}.
     *
     * @throws IllegalStateException if the session is gone (the benchmark then ends with the message)
     */
    void send(long clOrdId);

    /**
     * Sends one NewOrderSingle on session {@code session} (0-based); only engines whose
     * {@link FixEngine#maxSessions()} is above 1 are asked for any session but 0.
     */
    default void send(int session, long clOrdId) {
        if (session != 0) {
            throw new IllegalStateException("this client carries one session (asked for session " + session + ")");
        }
        send(clOrdId);
    }

    /**
     * Whether this client reads its ExecutionReports on the sending thread, in {@link #poll()}, rather than on a
     * thread of its own (a single-threaded client: one CPU for a busy-spinning client, not two).
     */
    default boolean receivesOnCallerThread() {
        return false;
    }

    /**
     * Reads what has arrived, calling the listener for each complete ExecutionReport; returns whether anything was
     * read. Called on the sending thread between sends, only when {@link #receivesOnCallerThread()}. Never blocks.
     */
    default boolean poll() {
        return false;
    }

    /** Logs out if it can, disconnects and releases everything. */
    @Override
    void close() throws Exception;
}
