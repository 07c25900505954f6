package org.fixbench.engine.sbe;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Duration;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.model.HandlInst;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdType;
import org.fixbench.engine.sbe.model.Side;
import org.fixbench.engine.sbe.model.TimeInForce;
import org.fixbench.engine.sbe.app.OrderCodec;
import org.fixbench.engine.sbe.codec.FixMessage;
import org.fixbench.engine.sbe.codec.FixWriter;
import org.fixbench.engine.sbe.codec.UtcTimeWriter;
import org.fixbench.engine.sbe.session.FixSession;
import org.fixbench.engine.sbe.session.SessionConfig;
import org.fixbench.engine.sbe.session.SessionRecord;

/**
 * The initiator, single-threaded: the sending thread logs on, sends and, in {@link #poll()}, receives and keeps the
 * session alive. The NewOrderSingle lives in one SBE model whose ClOrdID and TransactTime change per order:
 * nothing is allocated per order.
 */
final class SbeClient implements EngineClient, FixSession.Application {
    private final SessionConfig config;
    private final IdleStrategy idle;
    private final UtcTimeWriter transactTime = new UtcTimeWriter();
    private final UnsafeBuffer orderBuffer = new UnsafeBuffer(new byte[NewOrderSingleEncoder.BLOCK_LENGTH + 8]);
    private final NewOrderSingleDecoder orderView = new NewOrderSingleDecoder();
    private SocketChannel channel;
    private FixSession session;
    private ReportListener listener;
    private volatile boolean closing;

    SbeClient(SessionConfig config) {
        this.config = config;
        this.idle = SbeEngine.idle(config.idle());
        NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(orderBuffer, 0);
        order.account(Workload.ACCOUNT).handlInst(HandlInst.get((byte) Workload.HANDL_INST))
                .ordType(OrdType.get((byte) Workload.ORD_TYPE)).side(Side.get((byte) Workload.SIDE))
                .symbol(Workload.SYMBOL).timeInForce(TimeInForce.get((byte) Workload.TIME_IN_FORCE));
        order.orderQty().mantissa(Workload.ORDER_QTY).exponent((byte) 0);
        java.math.BigDecimal price = new java.math.BigDecimal(Workload.PRICE);
        order.price().mantissa(price.unscaledValue().longValueExact()).exponent((byte) -price.scale());
        orderView.wrap(orderBuffer, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
        this.listener = listener;
        channel = SocketChannel.open();
        channel.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.configureBlocking(false);
        session = new FixSession(config, channel, this, SystemEpochClock.INSTANCE,
                event -> System.err.println("[sbe client] " + event), new SessionRecord(config.storeBytes(), config.storeMessages()).allocate());
        session.sendLogon(true);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!session.isLoggedOn() && session.endReason() == null) {
            if (System.nanoTime() > deadline) {
                session.end("no Logon answer");
                throw new IllegalStateException("sbe: no Logon from " + server + " within " + timeout.toMillis() + " ms");
            }
            if (!session.poll()) {
                Thread.yield();
            }
        }
        if (session.endReason() != null) {
            throw new IllegalStateException("sbe: logon failed: " + session.endReason());
        }
    }

    @Override
    public boolean onMessage(FixSession s, FixMessage message) {
        if (!message.isType('8')) {
            return false;
        }
        int k = message.find(11);
        long clOrdId = k < 0 ? -1 : FixMessage.parseLong(message.buffer(), message.start(k), message.length(k));
        listener.onExecutionReport(clOrdId < 0 ? -1 : clOrdId);
        return true;
    }

    @Override
    public void onEnd(FixSession s, String reason) {
        if (!closing && listener != null) {
            listener.onDisconnect("sbe: " + reason);
        }
    }

    @Override
    public boolean receivesOnCallerThread() {
        return true;
    }

    @Override
    public boolean poll() {
        boolean read = session.poll();
        idle.idle(read ? 1 : 0);
        return read;
    }

    /** The connection, for a selector of many sessions ({@link SbeSessionsClient}); null before connect. */
    SocketChannel channel() {
        return channel;
    }

    /** The session, for {@link SbeSessionsClient}, which polls it only when its connection has bytes. */
    FixSession session() {
        return session;
    }

    @Override
    public void send(long clOrdId) {
        if (session.endReason() != null) {
            throw new IllegalStateException("session ended during the benchmark: " + session.endReason());
        }
        int at = NewOrderSingleEncoder.clOrdIdEncodingOffset();
        int length = orderBuffer.putLongAscii(at, clOrdId);
        orderBuffer.setMemory(at + length, NewOrderSingleEncoder.clOrdIdLength() - length, (byte) 0);
        at = NewOrderSingleEncoder.transactTimeEncodingOffset();
        length = transactTime.format(System.currentTimeMillis(), orderBuffer, at);
        orderBuffer.setMemory(at + length, NewOrderSingleEncoder.transactTimeLength() - length, (byte) 0);
        FixWriter w = session.begin('D' << 8);
        OrderCodec.newOrderSingleBody(orderView, w);
        session.send();
    }

    @Override
    public void close() {
        closing = true;
        if (session == null) {
            return;
        }
        if (session.isLoggedOn()) {
            session.logout(null);
            long deadline = System.nanoTime() + config.logoutTimeoutMillis() * 1_000_000L + 500_000_000L;
            while (session.endReason() == null && System.nanoTime() < deadline) {
                if (!session.poll()) {
                    Thread.yield();
                }
            }
        }
        session.end("closed");
    }
}
