package org.fixbench.engine.philadelphia;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Duration;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXHeartbeatTimeoutException;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXValue;
import com.paritytrading.philadelphia.fix44.FIX44MsgTypes;
import com.paritytrading.philadelphia.fix44.FIX44Tags;
import org.fixbench.engine.ClOrdIds;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.Order;
import org.fixbench.engine.OrderCursor;
import org.fixbench.engine.OrderFlow;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.Workload;

/**
 * Single-threaded: the sending thread logs on, sends, and in {@link #poll()} receives and keeps the session alive.
 * One reused NewOrderSingle: nothing is allocated per order.
 */
final class PhiladelphiaClient extends Session implements EngineClient {
    private final FIXConfig config;
    private final Runnable idle;
    private FIXConnection connection;
    private SocketChannel channel;
    private FIXMessage order;
    private ReportListener listener;
    private volatile boolean closing;
    /** The workload's next order, or null for the fixed one (today's path, unchanged). */
    private final OrderCursor cursor;

    PhiladelphiaClient(Runnable idle, FIXConfig config, OrderFlow flow) {
        this.idle = idle;
        this.config = config;
        this.cursor = flow.isFixed() ? null : new OrderCursor(flow);
    }

    /** A member of {@link PhiladelphiaSessionsClient}: its poll never idles (the group idles once per round). */
    static PhiladelphiaClient member(FIXConfig config, OrderFlow flow) {
        return new PhiladelphiaClient(() -> { }, config, flow);
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
        this.listener = listener;
        channel = SocketChannel.open();
        channel.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.configureBlocking(false);
        attach(channel, listener);
        connection.sendLogon(true);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!loggedOn && endReason == null) {
            if (System.nanoTime() > deadline) {
                connection.close();
                throw new IllegalStateException("philadelphia: no Logon from " + server + " within "
                        + timeout.toMillis() + " ms");
            }
            if (!poll()) {
                Thread.yield();
            }
        }
        if (endReason != null) {
            throw new IllegalStateException("philadelphia: logon failed: " + endReason);
        }
    }

    /** Makes the connection over {@code over}, not yet logged on: a socket's ({@link #connect}) or one in memory. */
    <C extends java.nio.channels.ReadableByteChannel & java.nio.channels.GatheringByteChannel> void attach(C over,
            ReportListener listener) {
        this.listener = listener;
        connection = new FIXConnection(over, config, this::onMessage, this, System.currentTimeMillis());
        order = connection.create();
    }

    /** The connection, for a round trip in memory ({@link PhiladelphiaEngine#inMemory}); null before attach. */
    FIXConnection connection() {
        return connection;
    }

    boolean loggedOn() {
        return loggedOn;
    }

    @Override
    public void logon(FIXConnection c, FIXMessage message) {
        loggedOn = true;
    }

    @Override
    void ended(String reason) {
        if (!closing && listener != null && loggedOn) {
            listener.onDisconnect(reason);
        }
    }

    private void onMessage(FIXMessage message) {
        if (message.getMsgType().contentEquals(FIX44MsgTypes.ExecutionReport)) {
            FIXValue clOrdId = message.valueOf(FIX44Tags.ClOrdID);
            if (cursor == null) {
                listener.onExecutionReport(clOrdId == null ? -1 : clOrdId.asInt());
                return;
            }
            FIXValue execType = message.valueOf(FIX44Tags.ExecType);
            FIXValue ordStatus = message.valueOf(FIX44Tags.OrdStatus);
            String wrong = clOrdId == null ? "an ExecutionReport without ClOrdID"
                    : cursor.flow().mismatch(clOrdId, execType == null ? 0 : execType.asChar(),
                    ordStatus == null ? 0 : ordStatus.asChar(), message.valueOf(FIX44Tags.Symbol));
            if (wrong != null) {
                listener.onWrongAnswer(0, wrong);
                return;
            }
            listener.onExecutionReport(ClOrdIds.leadingNumber(clOrdId));
        } else {
            end("philadelphia: unexpected message type " + message.getMsgType());
        }
    }

    @Override
    public boolean receivesOnCallerThread() {
        return true;
    }

    @Override
    public boolean poll() {
        if (!tick(System.currentTimeMillis())) {
            return false;
        }
        boolean any = receive();
        if (!any && endReason == null) {
            idle.run(); // the profile's idle: spin, or yield the CPU to the other threads
        }
        return any;
    }

    /** Keeps the session alive at this time (a write only when a heartbeat is due); false once the session ended. */
    boolean tick(long nowMillis) {
        if (endReason != null) {
            return false;
        }
        try {
            connection.setCurrentTimeMillis(nowMillis);
            connection.keepAlive();
            return true;
        } catch (FIXHeartbeatTimeoutException e) {
            end("philadelphia: heartbeat timeout");
        } catch (IOException e) {
            if (!closing) {
                end("philadelphia: " + e.getMessage());
            }
        }
        return false;
    }

    /** Receives what has arrived (one read): whether anything had. */
    boolean receive() {
        if (endReason != null) {
            return false;
        }
        try {
            int bytes = connection.receive();
            if (bytes < 0) {
                end("philadelphia: server closed the connection");
                return false;
            }
            return bytes > 0;
        } catch (IOException e) {
            if (!closing) {
                end("philadelphia: " + e.getMessage());
            }
        }
        return false;
    }

    /** The connection's channel, for a selector of many sessions; null before {@link #connect}. */
    SocketChannel channel() {
        return channel;
    }

    @Override
    public void send(long clOrdId) {
        if (endReason != null) {
            throw new IllegalStateException("session ended during the benchmark: " + endReason);
        }
        try {
            connection.setCurrentTimeMillis(System.currentTimeMillis());
            if (cursor != null) {
                sendNext(clOrdId);
                return;
            }
            connection.prepare(order, FIX44MsgTypes.NewOrderSingle);
            order.addField(FIX44Tags.Account).setString(Workload.ACCOUNT);
            order.addField(FIX44Tags.ClOrdID).setInt(clOrdId);
            order.addField(FIX44Tags.HandlInst).setChar(Workload.HANDL_INST);
            order.addField(FIX44Tags.OrderQty).setInt(Workload.ORDER_QTY);
            order.addField(FIX44Tags.OrdType).setChar(Workload.ORD_TYPE);
            order.addField(FIX44Tags.Price).setString(Workload.PRICE);
            order.addField(FIX44Tags.Side).setChar(Workload.SIDE);
            order.addField(FIX44Tags.Symbol).setString(Workload.SYMBOL);
            order.addField(FIX44Tags.TimeInForce).setChar(Workload.TIME_IN_FORCE);
            order.addField(FIX44Tags.TransactTime).setString(connection.getCurrentTimestamp());
            connection.send(order);
        } catch (IOException e) {
            throw new UncheckedIOException("session ended during the benchmark: cannot send: " + e.getMessage(), e);
        }
    }

    /** The workload's next order, its fields in tag order, as the other engines write them. */
    private void sendNext(long intendedStartNanos) throws IOException {
        Order o = cursor.next(intendedStartNanos);
        Order.Kind kind = o.kind();
        connection.prepare(order, kind.msgType());
        if (o.account() != null) {
            order.addField(FIX44Tags.Account).setString(o.account());
        }
        order.addField(FIX44Tags.ClOrdID).setString(cursor.clOrdId());
        if (kind != Order.Kind.CANCEL) {
            order.addField(FIX44Tags.HandlInst).setChar(Workload.HANDL_INST);
        }
        order.addField(FIX44Tags.OrderQty).setInt(o.orderQty());
        if (kind.ordType() != 0) {
            order.addField(FIX44Tags.OrdType).setChar(kind.ordType());
        }
        if (kind.hasOrigClOrdId()) {
            order.addField(FIX44Tags.OrigClOrdID).setString(cursor.origClOrdId());
        }
        if (o.price() != null) {
            order.addField(FIX44Tags.Price).setString(o.price());
        }
        order.addField(FIX44Tags.Side).setChar(o.side());
        order.addField(FIX44Tags.Symbol).setString(o.symbol());
        if (o.timeInForce() != 0) {
            order.addField(FIX44Tags.TimeInForce).setChar(o.timeInForce());
        }
        order.addField(FIX44Tags.TransactTime).setString(connection.getCurrentTimestamp());
        connection.send(order);
    }

    @Override
    public void close() throws IOException {
        closing = true;
        if (connection != null) {
            try {
                if (loggedOn && endReason == null) {
                    connection.sendLogout();
                }
            } catch (IOException ignored) {
                // the server may already be gone
            }
            connection.close();
        }
    }
}
