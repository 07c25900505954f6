package org.fixbench.engine.tcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.Consumer;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one non-blocking connection per session, sends on the
 * caller's thread, and one thread (a receiver of its own, or the sender between sends) asking one selector (epoll on
 * Linux), without waiting, which connections have bytes and reading only those: one system call per pass however
 * many sessions, plus a read per connection that has something. Not with mode=blocking.
 */
final class TcpSessionsClient implements EngineClient {
    private final EngineSetup setup;
    private final TcpEngine.Mode mode;
    private final boolean noDelay;
    private final boolean receiveOnCaller;
    private final FrameLengths lengths;
    private final ByteBuffer order;
    private int[] sendAt;
    private int[] receiveAt;
    private SocketChannel[] channels;
    private ByteBuffer[] reports;
    private boolean[] ended;
    private Selector selector;
    private final Consumer<SelectionKey> onReady = this::onReady;
    private ReportListener listener;
    private Thread receiver;
    private volatile boolean closing;

    TcpSessionsClient(EngineSetup setup, TcpEngine.Mode mode, boolean noDelay, boolean receiveOnCaller) {
        if (mode == TcpEngine.Mode.BLOCKING) {
            throw new IllegalArgumentException("tcp: mode=blocking carries one session (asked for "
                    + setup.sessions() + "); use spin or yield");
        }
        this.setup = setup;
        this.mode = mode;
        this.noDelay = noDelay;
        this.receiveOnCaller = receiveOnCaller;
        this.lengths = FrameLengths.of(setup.flow());
        this.order = Frames.orderFrame(lengths.maxOrder());
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
        int sessions = setup.sessions();
        channels = new SocketChannel[sessions];
        reports = new ByteBuffer[sessions];
        ended = new boolean[sessions];
        sendAt = new int[sessions];
        receiveAt = new int[sessions];
        this.listener = listener;
        selector = Selector.open();
        for (int i = 0; i < sessions; i++) {
            SocketChannel channel = SocketChannel.open();
            channels[i] = channel;
            try {
                channel.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            } catch (IOException e) {
                throw new IOException("tcp session " + (i + 1) + " of " + sessions + " could not connect: "
                        + e.getMessage(), e);
            }
            channel.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
            channel.configureBlocking(false);
            reports[i] = ByteBuffer.allocateDirect(lengths.maxReport());
            reports[i].limit(lengths.report(0));
            channel.register(selector, SelectionKey.OP_READ, i);
        }
        if (!receiveOnCaller) {
            receiver = new Thread(this::receive, "tcp-client-receiver");
            receiver.setDaemon(true);
            receiver.start();
        }
    }

    @Override
    public boolean receivesOnCallerThread() {
        return receiveOnCaller;
    }

    @Override
    public boolean poll() {
        try {
            return selector.selectNow(onReady) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException("tcp: the selector failed: " + e.getMessage(), e);
        }
    }

    private void onReady(SelectionKey key) {
        int session = (Integer) key.attachment();
        read(session);
        if (ended[session]) {
            key.cancel();
        }
    }

    private boolean read(int session) {
        if (ended[session]) {
            return false;
        }
        ByteBuffer report = reports[session];
        boolean any = false;
        try {
            int n;
            while ((n = channels[session].read(report)) > 0 || !report.hasRemaining()) {
                any = true;
                if (!report.hasRemaining()) {
                    listener.onExecutionReport(session, report.getLong(0));
                    receiveAt[session] = lengths.next(receiveAt[session]);
                    report.clear().limit(lengths.report(receiveAt[session]));
                }
            }
            if (n < 0) {
                ended(session, "server closed the connection");
            }
        } catch (IOException e) {
            ended(session, "connection failed: " + e.getMessage());
        }
        return any;
    }

    private void ended(int session, String reason) {
        ended[session] = true;
        if (!closing) {
            listener.onDisconnect(session, reason);
        }
    }

    private void receive() {
        setup.pinCurrentThread("client receiver");
        while (!closing) {
            if (!poll()) {
                mode.idle();
            }
        }
    }

    @Override
    public void send(long clOrdId) {
        send(0, clOrdId);
    }

    @Override
    public void send(int session, long clOrdId) {
        order.clear().limit(lengths.order(sendAt[session]));
        sendAt[session] = lengths.next(sendAt[session]);
        order.putLong(0, clOrdId);
        try {
            Frames.writeFully(channels[session], order, mode);
        } catch (IOException e) {
            throw new UncheckedIOException("session " + (session + 1) + " ended during the benchmark: cannot send: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws Exception {
        closing = true;
        if (receiver != null) {
            receiver.join(2_000);
        }
        if (selector != null) {
            selector.close();
        }
        if (channels != null) {
            for (SocketChannel c : channels) {
                if (c != null) {
                    c.close();
                }
            }
        }
    }
}
