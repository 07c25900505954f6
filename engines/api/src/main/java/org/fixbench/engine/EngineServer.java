package org.fixbench.engine;

import java.net.InetSocketAddress;

/**
 * The server role: accept one session and answer each NewOrderSingle with the {@link Workload}'s ExecutionReport,
 * echoing ClOrdID (11).
 *
 * @implSpec For each NewOrderSingle the server calls {@link ServerHooks#orderReceived()} once the whole message is
 * decoded (and validated, where the profile validates), then {@link ServerHooks#reportSending()} just before the
 * encoded ExecutionReport is handed to the socket (or to the one call that encodes and sends it), both on the
 * thread that handles messages. It calls {@link EngineSetup#pinCurrentThread(String)} with role {@code "server"}
 * from that thread before the first message (once), where its threading lets it.
 */
public interface EngineServer extends AutoCloseable {

    /** Binds and starts listening; returns the address clients connect to. */
    InetSocketAddress start() throws Exception;

    /**
     * Why the server can no longer serve (a thread of it died), or null while it can. {@code serve} watches this
     * and exits non-zero with the reason.
     */
    default String failure() {
        return null;
    }

    /** Stops and releases everything, including threads and files it was told to keep in its work directory. */
    @Override
    void close() throws Exception;
}
