package org.fixbench.engine.sbe;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Duration;

import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.ClOrdIds;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.Order;
import org.fixbench.engine.OrderCursor;
import org.fixbench.engine.OrderFlow;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.app.AmendmentCodec;
import org.fixbench.engine.sbe.app.OrderCodec;
import org.fixbench.engine.sbe.app.OrderTemplate;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.UtcTimeWriter;
import org.fixbench.engine.sbe.model.DecimalEncoder;
import org.fixbench.engine.sbe.model.HandlInst;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdType;
import org.fixbench.engine.sbe.model.OrderCancelReplaceRequestDecoder;
import org.fixbench.engine.sbe.model.OrderCancelReplaceRequestEncoder;
import org.fixbench.engine.sbe.model.OrderCancelRequestDecoder;
import org.fixbench.engine.sbe.model.OrderCancelRequestEncoder;
import org.fixbench.engine.sbe.model.Side;
import org.fixbench.engine.sbe.model.TimeInForce;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;

/**
 * The initiator, single-threaded: the sending thread logs on, sends and, in {@link #poll()}, receives and keeps the
 * session alive. The fixed NewOrderSingle lives in one SBE model, laid out once as a template ({@link OrderTemplate}):
 * per order only its ClOrdID and TransactTime (the time of the session's last poll, as its SendingTime) are written;
 * a workload's orders are filled into their models and written from them. Nothing is allocated per order.
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
    /** The workload's next order and the cancel and replace models; null for the fixed order (today's path). */
    private final OrderCursor cursor;
    private final UnsafeBuffer cancelBuffer = new UnsafeBuffer(new byte[OrderCancelRequestEncoder.BLOCK_LENGTH + 8]);
    private final UnsafeBuffer replaceBuffer =
            new UnsafeBuffer(new byte[OrderCancelReplaceRequestEncoder.BLOCK_LENGTH + 8]);
    private final OrderCancelRequestDecoder cancelView = new OrderCancelRequestDecoder();
    private final OrderCancelReplaceRequestDecoder replaceView = new OrderCancelReplaceRequestDecoder();
    private final AsciiSequenceView answeredClOrdId = new AsciiSequenceView();
    private final AsciiSequenceView answeredSymbol = new AsciiSequenceView();

    /** Makes the session's record (its numbers and store) when the session is made; closed with the client. */
    private final java.util.function.Supplier<SessionRecord> records;
    private SessionRecord record;

    SbeClient(SessionConfig config, OrderFlow flow) {
        this(config, flow, () -> new SessionRecord(config.storeBytes(), config.storeMessages()).allocate());
    }

    SbeClient(SessionConfig config, OrderFlow flow, java.util.function.Supplier<SessionRecord> records) {
        this.records = records;
        this.config = config;
        this.cursor = flow.isFixed() ? null : new OrderCursor(flow);
        cancelView.wrap(cancelBuffer, 0, OrderCancelRequestEncoder.BLOCK_LENGTH,
                OrderCancelRequestEncoder.SCHEMA_VERSION);
        replaceView.wrap(replaceBuffer, 0, OrderCancelReplaceRequestEncoder.BLOCK_LENGTH,
                OrderCancelReplaceRequestEncoder.SCHEMA_VERSION);
        this.idle = SessionConfig.idleStrategy(config.idle());
        NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(orderBuffer, 0);
        order.account(Workload.ACCOUNT).handlInst(HandlInst.get((byte) Workload.HANDL_INST))
                .ordType(OrdType.get((byte) Workload.ORD_TYPE)).side(Side.get((byte) Workload.SIDE))
                .symbol(Workload.SYMBOL).timeInForce(TimeInForce.get((byte) Workload.TIME_IN_FORCE));
        order.orderQty().mantissa(Workload.ORDER_QTY).exponent((byte) 0);
        java.math.BigDecimal price = new java.math.BigDecimal(Workload.PRICE);
        order.price().mantissa(price.unscaledValue().longValueExact()).exponent((byte) -price.scale());
        orderView.wrap(orderBuffer, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
        orderTemplate = new OrderTemplate(orderView);
    }

    /** The fixed order's body, laid out once from its model: per order only ClOrdID and TransactTime are written. */
    private final OrderTemplate orderTemplate;

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
        this.listener = listener;
        channel = open(server, timeout);
        attach(channel, listener);
        // a session whose numbers are kept in a file logs on with them; one in memory asks both sides to start at 1
        session.sendLogon(!record.persistent());
        awaitLogon(server, timeout);
    }

    private static SocketChannel open(InetSocketAddress server, Duration timeout) throws IOException {
        SocketChannel c = SocketChannel.open();
        try {
            c.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            c.setOption(StandardSocketOptions.TCP_NODELAY, true);
            c.configureBlocking(false);
        } catch (IOException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /**
     * Logs on again over a fresh connection with the record the ended session had (its numbers both ways and its
     * store, in memory or in a file): no ResetSeqNumFlag, so each side asks for what it missed, and the orders taken
     * while down ({@link #sendWhileDown}) are resent when the server asks for them.
     */
    @Override
    public boolean logOnAgain(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
        if (session == null || record == null || session.endReason() == null) {
            throw new IllegalStateException("sbe: log on again asked of a session that has not ended");
        }
        SocketChannel fresh = open(server, timeout);
        downLock.lock();
        try {
            this.listener = listener;
            channel = fresh;
            session = new FixSession(config, fresh, this, SystemEpochClock.INSTANCE,
                    event -> System.err.println("[sbe client] " + event), record);
            session.sendLogon(false);
        } finally {
            downLock.unlock();
        }
        awaitLogon(server, timeout);
        return true;
    }

    /**
     * The session is one thread's at a time: while it is down and logging on again, the harness's sending thread
     * ({@link #sendWhileDown}) and the thread logging on ({@link #logOnAgain}, a poll at a time) take turns by this
     * lock, so orders due during the log-on are taken too. Never taken on the usual path.
     */
    private final java.util.concurrent.locks.ReentrantLock downLock = new java.util.concurrent.locks.ReentrantLock();

    @Override
    public boolean takesOrdersWhileLoggingOnAgain() {
        return true;
    }

    /**
     * Takes the order into the ended session's record under its next number, unwritten: sent when the server asks
     * for it after {@link #logOnAgain} (resent with PossDupFlag), or gap-filled if the store's ring dropped it first.
     */
    @Override
    public boolean sendWhileDown(long clOrdId) {
        downLock.lock();
        try {
            if (session == null) {
                throw new IllegalStateException("sbe: send while down asked of a client never connected");
            }
            if (session.isLoggedOn()) { // logged on again meanwhile: sent as usual
                send(clOrdId);
                return true;
            }
            session.at(SystemEpochClock.INSTANCE.time());
            storing = true;
            try {
                send(clOrdId);
            } finally {
                storing = false;
            }
            return true;
        } finally {
            downLock.unlock();
        }
    }

    /** Whether {@link #send} keeps the order unwritten ({@link #sendWhileDown}) rather than sending it. */
    private boolean storing;

    /** Hands the message begun on the session to its connection, or keeps it unwritten while down. */
    private void finish() {
        if (storing) {
            session.store();
        } else {
            session.send();
        }
    }

    /** Polls until the Logon is answered, a poll at a time under {@link #downLock}. */
    private void awaitLogon(InetSocketAddress server, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            boolean read;
            downLock.lock();
            try {
                if (session.isLoggedOn()) {
                    return;
                }
                if (session.endReason() != null) {
                    throw new IllegalStateException("sbe: logon failed: " + session.endReason());
                }
                if (System.nanoTime() > deadline) {
                    session.end("no Logon answer");
                    throw new IllegalStateException("sbe: no Logon from " + server + " within " + timeout.toMillis()
                            + " ms");
                }
                read = session.poll();
            } finally {
                downLock.unlock();
            }
            if (!read) {
                Thread.yield();
            }
        }
    }

    /** Makes the session over {@code channel}, not yet logged on: a socket's ({@link #connect}) or one in memory. */
    void attach(java.nio.channels.ByteChannel over, ReportListener listener) {
        this.listener = listener;
        session = new FixSession(config, over, this, SystemEpochClock.INSTANCE,
                event -> System.err.println("[sbe client] " + event),
                record = records.get());
    }

    @Override
    public boolean onMessage(FixSession s, FixMessage message) {
        if (!message.isType('8')) {
            return false;
        }
        int k = message.find(11);
        if (cursor != null) {
            checkAnswer(message, k);
            return true;
        }
        long clOrdId = k < 0 ? -1 : FixMessage.parseLong(message.buffer(), message.start(k), message.length(k));
        listener.onExecutionReport(clOrdId < 0 ? -1 : clOrdId);
        return true;
    }

    /** The workload's answer: ExecType, OrdStatus and Symbol against the order its ClOrdID names. */
    private void checkAnswer(FixMessage message, int clOrdIdField) {
        if (clOrdIdField < 0) {
            listener.onWrongAnswer(0, "an ExecutionReport without ClOrdID");
            return;
        }
        answeredClOrdId.wrap(message.buffer(), message.start(clOrdIdField), message.length(clOrdIdField));
        int k = message.find(55);
        answeredSymbol.wrap(message.buffer(), k < 0 ? 0 : message.start(k), k < 0 ? 0 : message.length(k));
        String wrong = cursor.flow().mismatch(answeredClOrdId, charOf(message, 150), charOf(message, 39),
                answeredSymbol);
        if (wrong != null) {
            listener.onWrongAnswer(0, wrong);
        } else {
            listener.onExecutionReport(ClOrdIds.leadingNumber(answeredClOrdId));
        }
    }

    private static char charOf(FixMessage message, int tag) {
        int k = message.find(tag);
        return k < 0 || message.length(k) != 1 ? 0 : (char) message.buffer().getByte(message.start(k));
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
        try {
            if (session.endReason() != null && !storing) {
                throw new IllegalStateException("session ended during the benchmark: " + session.endReason());
            }
            if (cursor != null) {
                sendNext(clOrdId);
                return;
            }
            // TransactTime: the time of the session's last poll, as its SendingTime (and the server's report: one
            // clock read a poll)
            orderTemplate.body(session.begin('D' << 8), clOrdId, session.nowMillis());
            finish();
        } catch (RuntimeException e) {
            keptFailedSend = e instanceof FixSession.KeptUnwritten;
            throw e;
        }
    }

    /** Whether the last send that threw had its order numbered and kept ({@link FixSession.KeptUnwritten}). */
    private boolean keptFailedSend;

    @Override
    public boolean keptFailedSend() {
        return keptFailedSend;
    }

    /** With store=file the record is a file a fresh client of the same profile goes on from. */
    @Override
    public boolean keepsBeyondItself() {
        return record != null && record.persistent();
    }

    /** The workload's next order: its model filled from the flow, encoded from the model. */
    private void sendNext(long intendedStartNanos) {
        Order o = cursor.next(intendedStartNanos);
        long nowMillis = System.currentTimeMillis();
        switch (o.kind()) {
            case CANCEL -> {
                UnsafeBuffer b = cancelBuffer;
                text(b, OrderCancelRequestEncoder.clOrdIdEncodingOffset(), OrderCancelRequestEncoder.clOrdIdLength(),
                        cursor.clOrdId());
                text(b, OrderCancelRequestEncoder.origClOrdIdEncodingOffset(),
                        OrderCancelRequestEncoder.origClOrdIdLength(), cursor.origClOrdId());
                text(b, OrderCancelRequestEncoder.accountEncodingOffset(), OrderCancelRequestEncoder.accountLength(),
                        o.accountBytes());
                decimal(b, OrderCancelRequestEncoder.orderQtyEncodingOffset(), o.orderQty(), 0);
                b.putByte(OrderCancelRequestEncoder.sideEncodingOffset(), (byte) o.side());
                text(b, OrderCancelRequestEncoder.symbolEncodingOffset(), OrderCancelRequestEncoder.symbolLength(),
                        o.symbolBytes());
                time(b, OrderCancelRequestEncoder.transactTimeEncodingOffset(),
                        OrderCancelRequestEncoder.transactTimeLength(), nowMillis);
                AmendmentCodec.cancelBody(cancelView, session.begin('F' << 8));
            }
            case REPLACE -> {
                UnsafeBuffer b = replaceBuffer;
                text(b, OrderCancelReplaceRequestEncoder.clOrdIdEncodingOffset(),
                        OrderCancelReplaceRequestEncoder.clOrdIdLength(), cursor.clOrdId());
                text(b, OrderCancelReplaceRequestEncoder.origClOrdIdEncodingOffset(),
                        OrderCancelReplaceRequestEncoder.origClOrdIdLength(), cursor.origClOrdId());
                text(b, OrderCancelReplaceRequestEncoder.accountEncodingOffset(),
                        OrderCancelReplaceRequestEncoder.accountLength(), o.accountBytes());
                b.putByte(OrderCancelReplaceRequestEncoder.handlInstEncodingOffset(), (byte) Workload.HANDL_INST);
                decimal(b, OrderCancelReplaceRequestEncoder.orderQtyEncodingOffset(), o.orderQty(), 0);
                b.putByte(OrderCancelReplaceRequestEncoder.ordTypeEncodingOffset(), (byte) o.kind().ordType());
                decimal(b, OrderCancelReplaceRequestEncoder.priceEncodingOffset(), o.priceMantissa(),
                        -o.priceScale());
                b.putByte(OrderCancelReplaceRequestEncoder.sideEncodingOffset(), (byte) o.side());
                text(b, OrderCancelReplaceRequestEncoder.symbolEncodingOffset(),
                        OrderCancelReplaceRequestEncoder.symbolLength(), o.symbolBytes());
                b.putByte(OrderCancelReplaceRequestEncoder.timeInForceEncodingOffset(), (byte) o.timeInForce());
                time(b, OrderCancelReplaceRequestEncoder.transactTimeEncodingOffset(),
                        OrderCancelReplaceRequestEncoder.transactTimeLength(), nowMillis);
                AmendmentCodec.replaceBody(replaceView, session.begin('G' << 8));
            }
            default -> {
                UnsafeBuffer b = orderBuffer;
                text(b, NewOrderSingleEncoder.accountEncodingOffset(), NewOrderSingleEncoder.accountLength(),
                        o.accountBytes());
                text(b, NewOrderSingleEncoder.clOrdIdEncodingOffset(), NewOrderSingleEncoder.clOrdIdLength(),
                        cursor.clOrdId());
                b.putByte(NewOrderSingleEncoder.handlInstEncodingOffset(), (byte) Workload.HANDL_INST);
                decimal(b, NewOrderSingleEncoder.orderQtyEncodingOffset(), o.orderQty(), 0);
                b.putByte(NewOrderSingleEncoder.ordTypeEncodingOffset(), (byte) o.kind().ordType());
                if (o.price() != null) {
                    decimal(b, NewOrderSingleEncoder.priceEncodingOffset(), o.priceMantissa(), -o.priceScale());
                } else {
                    decimal(b, NewOrderSingleEncoder.priceEncodingOffset(), DecimalEncoder.mantissaNullValue(),
                            DecimalEncoder.exponentNullValue());
                }
                b.putByte(NewOrderSingleEncoder.sideEncodingOffset(), (byte) o.side());
                text(b, NewOrderSingleEncoder.symbolEncodingOffset(), NewOrderSingleEncoder.symbolLength(),
                        o.symbolBytes());
                b.putByte(NewOrderSingleEncoder.timeInForceEncodingOffset(), (byte) o.timeInForce());
                time(b, NewOrderSingleEncoder.transactTimeEncodingOffset(), NewOrderSingleEncoder.transactTimeLength(),
                        nowMillis);
                OrderCodec.newOrderSingleBody(orderView, session.begin('D' << 8));
            }
        }
        finish();
    }

    /** ASCII text into a NUL-padded model field. */
    private static void text(UnsafeBuffer b, int at, int capacity, CharSequence value) {
        int length = value.length();
        for (int i = 0; i < length; i++) {
            b.putByte(at + i, (byte) value.charAt(i));
        }
        b.setMemory(at + length, capacity - length, (byte) 0);
    }

    /** Bytes into a NUL-padded model field; null leaves it empty (the field is not sent). */
    private static void text(UnsafeBuffer b, int at, int capacity, byte[] value) {
        int length = value == null ? 0 : value.length;
        if (length > 0) {
            b.putBytes(at, value);
        }
        b.setMemory(at + length, capacity - length, (byte) 0);
    }

    private static void decimal(UnsafeBuffer b, int at, long mantissa, int exponent) {
        b.putLong(at + DecimalEncoder.mantissaEncodingOffset(), mantissa, java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putByte(at + DecimalEncoder.exponentEncodingOffset(), (byte) exponent);
    }

    private void time(UnsafeBuffer b, int at, int capacity, long nowMillis) {
        int length = transactTime.format(nowMillis, b, at);
        b.setMemory(at + length, capacity - length, (byte) 0);
    }

    @Override
    public void close() {
        closing = true;
        if (session == null) {
            return;
        }
        session.logoutAndEnd(config.logoutTimeoutMillis() + 500L);
    }
}
