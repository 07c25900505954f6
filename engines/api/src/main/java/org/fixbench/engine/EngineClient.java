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
     * Logs the session on again over a fresh connection after it ended, keeping what it had: its sequence numbers
     * both ways and its store of sent messages, so that each side resends or gap-fills what the other missed (no
     * ResetSeqNumFlag unless the profile asks for one at every Logon). Returns once logged on, or throws after
     * {@code timeout}; returns false at once, having done nothing, where this client cannot (a fresh client is then
     * made, as an application would). Called on a thread of the caller's, never while {@link #send} or
     * {@link #poll} runs, nor {@link #sendWhileDown} unless {@link #takesOrdersWhileLoggingOnAgain}.
     */
    default boolean logOnAgain(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        return false;
    }

    /**
     * While the session is down (it ended and has not yet logged on again): takes one NewOrderSingle into the
     * session under its next sequence number, to be sent when the peer asks for it after {@link #logOnAgain}, and
     * returns true; false where this client takes nothing while down (the order is then not sent, and counted).
     * Whether the order is kept for a resend or later gap-filled is the profile's store's choice.
     */
    default boolean sendWhileDown(long clOrdId) {
        return false;
    }

    /**
     * Whether the order of the last {@link #send} that threw was numbered and kept in the session anyway (its write
     * failed as the connection went): a client that then logs on again keeping its session ({@link #logOnAgain})
     * resends it when the peer asks, so it was taken, not lost. Asked only right after a send threw; false where a
     * failed send keeps nothing.
     */
    default boolean keptFailedSend() {
        return false;
    }

    /**
     * Whether what this client's session keeps outlives it (a record in a file, profile setting store=file): a fresh
     * client of the same profile goes on from it, so an order it {@linkplain #keptFailedSend kept} is resent by that
     * client too. False by default.
     */
    default boolean keepsBeyondItself() {
        return false;
    }

    /**
     * Whether {@link #sendWhileDown} may run on the sending thread while {@link #logOnAgain} runs on another (a client
     * whose session is safe to share between threads); if not, orders due during the log-on are not sent.
     */
    default boolean takesOrdersWhileLoggingOnAgain() {
        return false;
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
