package org.fixbench.engine.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;

/** One handler thread: read an order frame, echo its 8-byte id in a report frame, write it. */
final class TcpServer implements EngineServer {
    private final EngineSetup setup;
    private final TcpEngine.Mode mode;
    private final boolean noDelay;
    private ServerSocketChannel acceptor;
    private volatile SocketChannel channel;
    private Thread thread;
    private volatile boolean stopping;

    TcpServer(EngineSetup setup, TcpEngine.Mode mode, boolean noDelay) {
        this.setup = setup;
        this.mode = mode;
        this.noDelay = noDelay;
    }

    @Override
    public InetSocketAddress start() throws IOException {
        acceptor = setup.openAcceptor();
        thread = new Thread(this::serve, "tcp-server");
        thread.setDaemon(true);
        thread.start();
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    /** Serves one connection at a time, each until its client goes: a client that connects again is served again. */
    private void serve() {
        setup.pinCurrentThread("server");
        FrameLengths lengths = FrameLengths.of(setup.flow());
        ByteBuffer order = ByteBuffer.allocateDirect(lengths.maxOrder());
        ByteBuffer report = Frames.reportFrame(lengths.maxReport());
        while (!stopping) {
            try (SocketChannel socket = acceptor.accept()) {
                channel = socket;
                socket.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
                TcpEngine.serverSendBuffer(socket, setup.profileProperties());
                socket.configureBlocking(mode == TcpEngine.Mode.BLOCKING);
                int at = 0; // a fresh connection starts the workload's frames again, as its client does
                while (!stopping) {
                    order.clear().limit(lengths.order(at));
                    if (!Frames.readFully(socket, order, mode, () -> stopping)) {
                        break;
                    }
                    setup.hooks().orderReceived();
                    report.clear().limit(lengths.report(at));
                    at = lengths.next(at);
                    report.putLong(0, order.getLong(0));
                    setup.hooks().reportSending();
                    Frames.writeFully(socket, report, mode);
                }
            } catch (IOException e) {
                // the client went away, or close() closed the socket: the client side reports what it saw
                if (!acceptor.isOpen()) {
                    return;
                }
            }
        }
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        SocketChannel c = channel;
        if (c != null) {
            c.close();
        }
        if (acceptor != null) {
            acceptor.close();
        }
        if (thread != null) {
            thread.join(2_000);
        }
    }
}
