package org.fixbench.engine.artio;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import org.agrona.DirectBuffer;
import org.fixbench.engine.ClOrdIds;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Order;
import org.fixbench.engine.OrderCursor;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.Workload;
import org.fixbench.engine.artio.codecs.FixDictionaryImpl;
import org.fixbench.engine.artio.codecs.builder.NewOrderSingleEncoder;
import org.fixbench.engine.artio.codecs.builder.OrderCancelReplaceRequestEncoder;
import org.fixbench.engine.artio.codecs.builder.OrderCancelRequestEncoder;
import org.agrona.AsciiSequenceView;
import uk.co.real_logic.artio.builder.Encoder;
import org.fixbench.engine.artio.codecs.decoder.ExecutionReportDecoder;
import uk.co.real_logic.artio.Reply;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionAcquiredInfo;
import uk.co.real_logic.artio.library.SessionConfiguration;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * The initiator. A FixLibrary is single-threaded, so the sending thread owns it: it initiates the session, sends,
 * and in {@link #poll()} polls the library, which delivers ExecutionReports. Codecs are reused: no allocation per
 * order on our side.
 */
final class ArtioClient implements EngineClient {
    private static final byte[] ACCOUNT = Workload.ACCOUNT.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SYMBOL = Workload.SYMBOL.getBytes(StandardCharsets.US_ASCII);

    private final EngineSetup setup;
    private final ArtioProfile profile;
    /** One encoder per session: an encoder's header carries its session's CompIDs. */
    private NewOrderSingleEncoder[] orders;
    private final ExecutionReportDecoder report = new ExecutionReportDecoder();
    private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
    private final UtcTimestampEncoder timestamp = new UtcTimestampEncoder();
    private final byte[] clOrdId = new byte[20];
    private final org.agrona.concurrent.IdleStrategy pollIdle;
    private ArtioNode node;
    private Session session;
    private Session[] sessions;
    private final java.util.Map<String, Integer> indexByCompId = new java.util.HashMap<>();
    private ReportListener listener;
    private volatile boolean closing;
    private String endReason;
    /** Each session's place in the workload and its cancel and replace encoders; null for the fixed order. */
    private final OrderCursor[] cursors;
    private OrderCancelRequestEncoder[] cancels;
    private OrderCancelReplaceRequestEncoder[] replaces;
    private final byte[] origClOrdId = new byte[40];
    private final byte[] mixedClOrdId = new byte[40];
    private final AsciiSequenceView answeredClOrdId = new AsciiSequenceView();
    private final AsciiSequenceView answeredSymbol = new AsciiSequenceView();

    ArtioClient(EngineSetup setup, ArtioProfile profile) {
        this.setup = setup;
        this.profile = profile;
        this.pollIdle = profile.hotPath();
        orders = new NewOrderSingleEncoder[setup.sessions()];
        for (int i = 0; i < orders.length; i++) {
            NewOrderSingleEncoder order = new NewOrderSingleEncoder();
            order.account(ACCOUNT).handlInst(Workload.HANDL_INST).ordType(Workload.ORD_TYPE).price(10125, 2)
                    .side(Workload.SIDE).timeInForce(Workload.TIME_IN_FORCE);
            order.instrument().symbol(SYMBOL);
            order.orderQtyData().orderQty(Workload.ORDER_QTY, 0);
            orders[i] = order;
        }
        if (setup.flow().isFixed()) {
            cursors = null;
            return;
        }
        cursors = new OrderCursor[setup.sessions()];
        cancels = new OrderCancelRequestEncoder[setup.sessions()];
        replaces = new OrderCancelReplaceRequestEncoder[setup.sessions()];
        for (int i = 0; i < cursors.length; i++) {
            cursors[i] = new OrderCursor(setup.flow());
            cancels[i] = new OrderCancelRequestEncoder();
            replaces[i] = new OrderCancelReplaceRequestEncoder().handlInst(Workload.HANDL_INST);
        }
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        this.listener = listener;
        node = new ArtioNode(setup.workDirectory(), "client");
        node.start(profile, null, 0, this::acquired, timeout.toMillis());
        int count = setup.sessions();
        sessions = new Session[count];
        for (int i = 0; i < count; i++) {
            String compId = setup.forSession(i).clientCompId();
            indexByCompId.put(compId, i);
            SessionConfiguration config = SessionConfiguration.builder()
                    .address(server.getAddress().getHostAddress(), server.getPort())
                    .senderCompId(compId)
                    .targetCompId(setup.serverCompId())
                    .resetSeqNum(true)
                    .sequenceNumbersPersistent(false)
                    .fixDictionary(FixDictionaryImpl.class)
                    .timeoutInMs(timeout.toMillis())
                    .build();
            Reply<Session> reply = Reply.await(node.library.initiate(config), node.library, profile.hotPath());
            if (!reply.hasCompleted()) {
                String why = reply.hasTimedOut() ? "timed out" : String.valueOf(reply.error());
                node.close();
                throw new IllegalStateException("artio: " + (count == 1 ? "" : "session " + (i + 1) + " of " + count
                        + " (" + compId + ") ") + "could not log on to " + server + ": " + why);
            }
            sessions[i] = reply.resultIfPresent();
        }
        session = sessions[0];
        setup.note("artio client: Aeron media driver, archive and framer threads are Artio's own and are not pinned");
    }

    private SessionHandler acquired(Session acquiredSession, SessionAcquiredInfo info) {
        Integer index = indexByCompId.get(acquiredSession.compositeKey().localCompId());
        return new Handler(index == null ? 0 : index);
    }

    @Override
    public boolean receivesOnCallerThread() {
        return true;
    }

    /** One duty cycle of the library, idling by the profile's hot-path strategy when there was nothing to do. */
    @Override
    public boolean poll() {
        int work = node.library.poll(10);
        pollIdle.idle(work);
        return work > 0;
    }

    @Override
    public void send(long clOrdIdValue) {
        send(0, clOrdIdValue);
    }

    @Override
    public void send(int index, long clOrdIdValue) {
        Session session = sessions[index];
        NewOrderSingleEncoder order = orders[index];
        if (endReason != null) {
            throw new IllegalStateException("session ended during the benchmark: " + endReason);
        }
        Encoder message;
        String description;
        if (cursors == null) {
            order.clOrdID(clOrdId, ArtioEngine.putDigits(clOrdIdValue, clOrdId, 0));
            int timeLength = timestamp.encode(System.currentTimeMillis());
            order.transactTime(timestamp.buffer(), timeLength);
            message = order;
            description = "NewOrderSingle";
        } else {
            Order o = cursors[index].next(clOrdIdValue);
            message = next(index, o);
            description = o.kind().description();
        }
        long deadline = 0;
        while (session.trySend(message) < 0) {
            // back pressure: keep the library moving, never drop the order
            if (deadline == 0) {
                deadline = System.nanoTime() + 5_000_000_000L;
            } else if (System.nanoTime() > deadline) {
                throw new IllegalStateException("session ended during the benchmark: artio back-pressured the "
                        + description + " for 5 s");
            }
            node.library.poll(10);
        }
    }

    /** Session {@code index}'s encoder for the workload's order {@code o}, every field set or reset for it. */
    private Encoder next(int index, Order o) {
        OrderCursor cursor = cursors[index];
        int clOrdIdLength = ascii(cursor.clOrdId(), mixedClOrdId);
        int timeLength = timestamp.encode(System.currentTimeMillis());
        switch (o.kind()) {
            case CANCEL: {
                OrderCancelRequestEncoder cancel = cancels[index];
                if (o.accountBytes() != null) {
                    cancel.account(o.accountBytes());
                } else {
                    cancel.resetAccount();
                }
                cancel.clOrdID(mixedClOrdId, clOrdIdLength).origClOrdID(origClOrdId,
                        ascii(cursor.origClOrdId(), origClOrdId)).side(o.side());
                cancel.orderQtyData().orderQty(o.orderQty(), 0);
                cancel.instrument().symbol(o.symbolBytes());
                return cancel.transactTime(timestamp.buffer(), timeLength);
            }
            case REPLACE: {
                OrderCancelReplaceRequestEncoder replace = replaces[index];
                if (o.accountBytes() != null) {
                    replace.account(o.accountBytes());
                } else {
                    replace.resetAccount();
                }
                if (o.timeInForce() != 0) {
                    replace.timeInForce(o.timeInForce());
                } else {
                    replace.resetTimeInForce();
                }
                replace.clOrdID(mixedClOrdId, clOrdIdLength).origClOrdID(origClOrdId,
                        ascii(cursor.origClOrdId(), origClOrdId)).side(o.side()).ordType(o.kind().ordType())
                        .price(o.priceMantissa(), o.priceScale());
                replace.orderQtyData().orderQty(o.orderQty(), 0);
                replace.instrument().symbol(o.symbolBytes());
                return replace.transactTime(timestamp.buffer(), timeLength);
            }
            default: {
                NewOrderSingleEncoder order = orders[index];
                if (o.accountBytes() != null) {
                    order.account(o.accountBytes());
                } else {
                    order.resetAccount();
                }
                if (o.timeInForce() != 0) {
                    order.timeInForce(o.timeInForce());
                } else {
                    order.resetTimeInForce();
                }
                if (o.price() != null) {
                    order.price(o.priceMantissa(), o.priceScale());
                } else {
                    order.resetPrice();
                }
                order.clOrdID(mixedClOrdId, clOrdIdLength).side(o.side()).ordType(o.kind().ordType());
                order.orderQtyData().orderQty(o.orderQty(), 0);
                order.instrument().symbol(o.symbolBytes());
                return order.transactTime(timestamp.buffer(), timeLength);
            }
        }
    }

    /** ASCII text into {@code bytes}; its length. */
    private static int ascii(CharSequence text, byte[] bytes) {
        int length = text.length();
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) text.charAt(i);
        }
        return length;
    }

    /** One session's messages: its reports go to the listener with its index. */
    private final class Handler extends QuietSessionHandler {
        private final int index;

        Handler(int index) {
            this.index = index;
        }

        @Override
        public Action onMessage(DirectBuffer buffer, int offset, int length, int libraryId, Session s,
                                int sequenceIndex, long messageType, long timestampInNs, long position,
                                OnMessageInfo messageInfo) {
            if (messageType == ExecutionReportDecoder.MESSAGE_TYPE) {
                ascii.wrap(buffer);
                report.reset();
                report.decode(ascii, offset, length);
                if (cursors == null) {
                    listener.onExecutionReport(index, ArtioEngine.parseDigits(report.clOrdID(),
                            report.clOrdIDLength()));
                    return Action.CONTINUE;
                }
                report.clOrdID(answeredClOrdId);
                String wrong = setup.flow().mismatch(answeredClOrdId, report.execType(), report.ordStatus(),
                        report.symbol(answeredSymbol));
                if (wrong != null) {
                    listener.onWrongAnswer(index, wrong);
                } else {
                    listener.onExecutionReport(index, ClOrdIds.leadingNumber(answeredClOrdId));
                }
            }
            return Action.CONTINUE;
        }

        @Override
        public Action onDisconnect(int libraryId, Session s, DisconnectReason reason) {
            if (!closing && endReason == null) {
                endReason = "artio: disconnected (" + reason + ")";
                listener.onDisconnect(index, endReason);
            }
            return Action.CONTINUE;
        }
    }

    @Override
    public void close() {
        closing = true;
        Session[] all = sessions == null ? new Session[0] : sessions;
        for (Session s : all) {
            if (s != null && s.isActive()) {
                s.logoutAndDisconnect();
            }
        }
        long until = System.nanoTime() + 1_000_000_000L;
        for (Session s : all) {
            while (s != null && System.nanoTime() < until && s.isActive()) {
                node.library.poll(10);
                Thread.yield();
            }
        }
        if (node != null) {
            node.close();
        }
    }
}
