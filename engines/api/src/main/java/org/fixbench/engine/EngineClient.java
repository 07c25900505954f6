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

    /** Connects and logs on; returns once the session can carry orders, or throws after {@code timeout}. */
    void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception;

    /**
     * Sends one NewOrderSingle whose ClOrdID is {@code clOrdId}.
     *
     * @throws IllegalStateException if the session is gone (the benchmark then ends with the message)
     */
    void send(long clOrdId);

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
