package org.fixbench.engine.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one thread and one selector (epoll on Linux). The thread asks
 * the selector, without waiting ({@code selectNow}), which connections have bytes, reads only those, and echoes each
 * order frame's id in a report frame on its own connection; the mode's idle when none had. So a pass costs one
 * system call however many sessions are open, plus a read per connection that has something. The acceptor is
 * watched while fewer than that many connections are open; a connection that ends is dropped and its slot accepted
 * again.
 */
final class TcpSessionsServer implements EngineServer {
    private final EngineSetup setup;
    private final TcpEngine.Mode mode;
    private final boolean noDelay;
    private final FrameLengths lengths;
    private final ByteBuffer report;
    private final Consumer<SelectionKey> onReady = this::onReady;
    private ServerSocketChannel acceptor;
    private Selector selector;
    private SelectionKey acceptorKey;
    private int open;
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
        this.lengths = FrameLengths.of(setup.flow());
        this.report = Frames.reportFrame(lengths.maxReport());
    }

    /** One connection's order being read and its place in the workload. */
    private static final class Connection {
        final ByteBuffer order;
        int at;

        Connection(FrameLengths lengths) {
            order = ByteBuffer.allocateDirect(lengths.maxOrder());
            order.limit(lengths.order(0));
        }
    }

    @Override
    public InetSocketAddress start() throws IOException {
        acceptor = setup.openAcceptor();
        acceptor.configureBlocking(false);
        selector = Selector.open();
        acceptorKey = acceptor.register(selector, SelectionKey.OP_ACCEPT);
        thread = new Thread(this::serve, "tcp-server");
        thread.setDaemon(true);
        thread.start();
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    private void serve() {
        setup.pinCurrentThread("server");
        while (!stopping) {
            int ready;
            try {
                ready = selector.selectNow(onReady);
            } catch (IOException e) {
                return;
            }
            if (ready == 0) {
                mode.idle();
            }
        }
    }

    private void onReady(SelectionKey key) {
        if (key == acceptorKey) {
            accept();
            return;
        }
        SocketChannel c = (SocketChannel) key.channel();
        Connection connection = (Connection) key.attachment();
        ByteBuffer order = connection.order;
        try {
            int n;
            while ((n = c.read(order)) > 0 || !order.hasRemaining()) {
                if (!order.hasRemaining()) {
                    setup.hooks().orderReceived();
                    report.clear().limit(lengths.report(connection.at));
                    report.putLong(0, order.getLong(0));
                    setup.hooks().reportSending();
                    Frames.writeFully(c, report, mode);
                    connection.at = lengths.next(connection.at);
                    order.clear().limit(lengths.order(connection.at));
                }
            }
            if (n < 0) {
                throw new IOException("closed");
            }
        } catch (IOException e) {
            // the client went away: the client side reports what it saw; the slot is accepted again
            closeQuietly(c);
            open--;
            acceptorKey.interestOps(SelectionKey.OP_ACCEPT);
        }
    }

    private void accept() {
        try {
            SocketChannel c = acceptor.accept();
            if (c == null) {
                return;
            }
            c.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
            TcpEngine.serverSendBuffer(c, setup.profileProperties());
            c.configureBlocking(false);
            c.register(selector, SelectionKey.OP_READ, new Connection(lengths));
            if (++open >= setup.sessions()) {
                acceptorKey.interestOps(0);
            }
        } catch (IOException e) {
            // a connection that failed while being accepted: its client reports it
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
        if (selector != null) {
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
            selector.close();
        }
        if (acceptor != null) {
            acceptor.close();
        }
    }
}
