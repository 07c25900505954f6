package org.fixbench.engine.tcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.BooleanSupplier;

import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.SessionsClient;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one non-blocking connection per session, sends on the
 * caller's thread, read through the engines' one {@link SessionsClient} (one selector, read by a receiver of its own
 * or by the sender between sends). Not with mode=blocking.
 */
final class TcpSessionsClient {
    private TcpSessionsClient() {
    }

    static SessionsClient of(EngineSetup setup, TcpEngine.Mode mode, boolean noDelay, boolean receiveOnCaller) {
        if (mode == TcpEngine.Mode.BLOCKING) {
            throw new IllegalArgumentException("tcp: mode=blocking carries one session (asked for "
                    + setup.sessions() + "); use spin or yield");
        }
        FrameLengths lengths = FrameLengths.of(setup.flow());
        ByteBuffer order = Frames.orderFrame(lengths.maxOrder()); // one sender: the members share it
        Member[] members = new Member[setup.sessions()];
        SessionsClient[] group = new SessionsClient[1];
        for (int i = 0; i < members.length; i++) {
            members[i] = new Member(i, lengths, order, mode, noDelay, () -> group[0].closing());
        }
        group[0] = new SessionsClient("tcp", members, receiveOnCaller ? SessionsClient.Idle.NONE : worked -> {
            if (!worked) {
                mode.idle();
            }
        }, null, receiveOnCaller ? null : setup, false);
        return group[0];
    }

    /** One session: its connection, its report being read, where it is in the workload's frame lengths each way. */
    private static final class Member implements SessionsClient.Member {
        private final int session;
        private final FrameLengths lengths;
        private final ByteBuffer order;
        private final TcpEngine.Mode mode;
        private final boolean noDelay;
        private final BooleanSupplier closing;
        private SocketChannel channel;
        private ByteBuffer report;
        private ReportListener listener;
        private int sendAt;
        private int receiveAt;
        private boolean ended;

        Member(int session, FrameLengths lengths, ByteBuffer order, TcpEngine.Mode mode, boolean noDelay,
               BooleanSupplier closing) {
            this.session = session;
            this.lengths = lengths;
            this.order = order;
            this.mode = mode;
            this.noDelay = noDelay;
            this.closing = closing;
        }

        @Override
        public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
            this.listener = listener;
            channel = SocketChannel.open();
            try {
                channel.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            } catch (IOException e) {
                throw new IOException("tcp could not connect: " + e.getMessage(), e);
            }
            channel.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
            channel.configureBlocking(false);
            report = ByteBuffer.allocateDirect(lengths.maxReport());
            report.limit(lengths.report(0));
        }

        @Override
        public SelectableChannel channel() {
            return channel;
        }

        @Override
        public boolean receive(long nowMillis) {
            if (ended) {
                return false;
            }
            try {
                int n;
                while ((n = channel.read(report)) > 0 || !report.hasRemaining()) {
                    if (!report.hasRemaining()) {
                        listener.onExecutionReport(report.getLong(0));
                        receiveAt = lengths.next(receiveAt);
                        report.clear().limit(lengths.report(receiveAt));
                    }
                }
                if (n < 0) {
                    ended("server closed the connection");
                }
            } catch (IOException e) {
                ended("connection failed: " + e.getMessage());
            }
            return !ended;
        }

        private void ended(String reason) {
            ended = true;
            if (!closing.getAsBoolean()) {
                listener.onDisconnect(reason);
            }
        }

        @Override
        public void send(long clOrdId) {
            int at = sendAt;
            sendAt = lengths.next(at); // the next order's frame, even when this one's write fails, as before
            try {
                Frames.sendOrder(channel, order, lengths, at, clOrdId, mode);
            } catch (IOException e) {
                throw new UncheckedIOException("session " + (session + 1) + " ended during the benchmark: cannot "
                        + "send: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() throws IOException {
            if (channel != null) {
                channel.close();
            }
        }
    }
}
