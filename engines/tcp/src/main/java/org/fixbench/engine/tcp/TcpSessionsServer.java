package org.fixbench.engine.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one thread accepts that many connections, then reads every
 * one in turn (non-blocking, the mode's idle when none had a byte), echoing each order frame's id in a report frame
 * on its own connection. A connection that ends is dropped and its slot accepted again.
 */
final class TcpSessionsServer implements EngineServer {
    private final EngineSetup setup;
    private final TcpEngine.Mode mode;
    private final boolean noDelay;
    private final List<SocketChannel> channels = new ArrayList<>();
    private final List<ByteBuffer> orders = new ArrayList<>();
    private ServerSocketChannel acceptor;
    private Thread thread;
    private volatile boolean stopping;

    TcpSessionsServer(EngineSetup setup, TcpEngine.Mode mode, boolean noDelay) {
        if (mode == TcpEngine.Mode.BLOCKING) {
            throw new IllegalArgumentException("tcp: mode=blocking serves one session (asked for "
                    + setup.sessions() + "); use spin or yield");
        }
        this.setup = setup;
        this.mode = mode;
        this.noDelay = noDelay;
    }

    @Override
    public InetSocketAddress start() throws IOException {
        acceptor = setup.openAcceptor();
        acceptor.configureBlocking(false);
        thread = new Thread(this::serve, "tcp-server");
        thread.setDaemon(true);
        thread.start();
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    private void serve() {
        setup.pinCurrentThread("server");
        ByteBuffer report = Frames.reportFrame();
        while (!stopping) {
            boolean any = false;
            try {
                if (channels.size() < setup.sessions()) {
                    SocketChannel c = acceptor.accept();
                    if (c != null) {
                        c.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
                        c.configureBlocking(false);
                        channels.add(c);
                        orders.add(ByteBuffer.allocateDirect(TcpEngine.ORDER_BYTES));
                        any = true;
                    }
                }
            } catch (IOException e) {
                if (stopping) {
                    return;
                }
            }
            for (int i = 0; i < channels.size(); i++) {
                SocketChannel c = channels.get(i);
                ByteBuffer order = orders.get(i);
                try {
                    int n;
                    while ((n = c.read(order)) > 0 || !order.hasRemaining()) {
                        any = true;
                        if (!order.hasRemaining()) {
                            setup.hooks().orderReceived();
                            report.clear();
                            report.putLong(0, order.getLong(0));
                            setup.hooks().reportSending();
                            Frames.writeFully(c, report, mode);
                            order.clear();
                        }
                    }
                    if (n < 0) {
                        throw new IOException("closed");
                    }
                } catch (IOException e) {
                    // the client went away: the client side reports what it saw; the slot is accepted again
                    closeQuietly(c);
                    channels.remove(i);
                    orders.remove(i--);
                }
            }
            if (!any) {
                mode.idle();
            }
        }
    }

    private static void closeQuietly(SocketChannel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        if (thread != null) {
            thread.join(2_000);
        }
        for (SocketChannel c : channels) {
            closeQuietly(c);
        }
        if (acceptor != null) {
            acceptor.close();
        }
    }
}
