package org.fixbench.engine.tcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;

/** Sends on the caller's thread; a receiver thread reads report frames and hands their ids to the listener. */
final class TcpClient implements EngineClient {
    private final EngineSetup setup;
    private final TcpEngine.Mode mode;
    private final boolean noDelay;
    private final boolean receiveOnCaller;
    private final FrameLengths lengths;
    private final ByteBuffer order;
    private final ByteBuffer polledReport;
    private int sendAt;
    private int receiveAt;
    private ReportListener listener;
    private SocketChannel channel;
    private Thread receiver;
    private volatile boolean closing;

    TcpClient(EngineSetup setup, TcpEngine.Mode mode, boolean noDelay, boolean receiveOnCaller) {
        this.setup = setup;
        this.receiveOnCaller = receiveOnCaller;
        this.mode = mode;
        this.noDelay = noDelay;
        this.lengths = FrameLengths.of(setup.flow());
        this.order = Frames.orderFrame(lengths.maxOrder());
        this.polledReport = ByteBuffer.allocateDirect(lengths.maxReport());
        polledReport.limit(lengths.report(0));
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
        channel = SocketChannel.open();
        channel.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        channel.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
        channel.configureBlocking(mode == TcpEngine.Mode.BLOCKING);
        this.listener = listener;
        if (!receiveOnCaller) {
            receiver = new Thread(() -> receive(listener), "tcp-client-receiver");
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
        boolean any = false;
        try {
            int n;
            while ((n = channel.read(polledReport)) > 0 || !polledReport.hasRemaining()) {
                any = true;
                if (!polledReport.hasRemaining()) {
                    listener.onExecutionReport(polledReport.getLong(0));
                    receiveAt = lengths.next(receiveAt);
                    polledReport.clear().limit(lengths.report(receiveAt));
                }
            }
            if (n < 0 && !closing) {
                listener.onDisconnect("server closed the connection");
            }
        } catch (IOException e) {
            if (!closing) {
                listener.onDisconnect("connection failed: " + e.getMessage());
            }
        }
        return any;
    }

    private void receive(ReportListener listener) {
        setup.pinCurrentThread("client receiver");
        ByteBuffer report = ByteBuffer.allocateDirect(lengths.maxReport());
        try {
            while (!closing) {
                report.clear().limit(lengths.report(receiveAt));
                receiveAt = lengths.next(receiveAt);
                if (!Frames.readFully(channel, report, mode, () -> closing)) {
                    if (!closing) {
                        listener.onDisconnect("server closed the connection");
                    }
                    return;
                }
                listener.onExecutionReport(report.getLong(0));
            }
        } catch (IOException e) {
            if (!closing) {
                listener.onDisconnect("connection failed: " + e.getMessage());
            }
        }
    }

    @Override
    public void send(long clOrdId) {
        int at = sendAt;
        sendAt = lengths.next(at); // the next order's frame, even when this one's write fails, as before
        try {
            Frames.sendOrder(channel, order, lengths, at, clOrdId, mode);
        } catch (IOException e) {
            throw new UncheckedIOException("session ended during the benchmark: cannot send: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws Exception {
        closing = true;
        if (channel != null) {
            channel.close();
        }
        if (receiver != null) {
            receiver.join(2_000);
        }
    }
}
