package org.fixbench.engine;

import java.net.InetSocketAddress;

/**
 * The server role: accept one session and answer each NewOrderSingle with the {@link Workload}'s ExecutionReport,
 * echoing ClOrdID (11).
 *
 * @implSpec For each NewOrderSingle the server calls {@link ServerHooks#orderReceived()} as soon as the message is
 * parsed, then {@link ServerHooks#reportSending()} just before the ExecutionReport is handed to its transport, both on the
 * thread that handles messages. It calls {@link EngineSetup#pinCurrentThread(String)} with role {@code "server"}
 * from that thread before the first message (once), where its threading lets it.
 */
public interface EngineServer extends AutoCloseable {

    /** Binds and starts listening; returns the address clients connect to. */
    InetSocketAddress start() throws Exception;

    /** Stops and releases everything, including threads and files it was told to keep in its work directory. */
    @Override
    void close() throws Exception;
}
