package org.fixbench.engine.artio;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Order;
import org.fixbench.engine.Workload;
import org.fixbench.engine.artio.codecs.builder.ExecutionReportEncoder;
import org.fixbench.engine.artio.codecs.decoder.NewOrderSingleDecoder;
import org.fixbench.engine.artio.codecs.decoder.OrderCancelReplaceRequestDecoder;
import org.fixbench.engine.artio.codecs.decoder.OrderCancelRequestDecoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionAcquiredInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * The acceptor: the engine logs on the benchmark's client identities only and hands each logged-on session to our
 * library (sole library); our one thread polls it for every session, and each NewOrderSingle, OrderCancelRequest
 * and OrderCancelReplaceRequest is decoded and answered on its own session with the ExecutionReport of its kind
 * ({@link Order.Kind}) from reused codecs.
 */
final class ArtioServer implements EngineServer {
    private final EngineSetup setup;
    private final ArtioProfile profile;
    private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
    private final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
    private final OrderCancelReplaceRequestDecoder replace = new OrderCancelReplaceRequestDecoder();
    private final UtcTimestampEncoder timestamp = new UtcTimestampEncoder();
    private static final byte[] ORDER_ID_PREFIX = Workload.ORDER_ID_PREFIX.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EXEC_ID_PREFIX = Workload.EXEC_ID_PREFIX.getBytes(StandardCharsets.US_ASCII);
    // the encoder wraps these arrays (no copy), so each field has its own
    private final byte[] orderId = prefixed(ORDER_ID_PREFIX);
    private final byte[] execId = prefixed(EXEC_ID_PREFIX);
    private ArtioNode node;
    private Thread thread;
    private volatile boolean stopping;
    private long counter;

    ArtioServer(EngineSetup setup, ArtioProfile profile) {
        this.setup = setup;
        this.profile = profile;
    }

    @Override
    public InetSocketAddress start() throws Exception {
        InetSocketAddress address = setup.serverAddress();
        int port = address.getPort();
        String host = setup.bindAddress().getHostAddress();
        node = new ArtioNode(setup.workDirectory(), "server");
        node.start(profile, host, port, this::acquired, 20_000, java.util.Set.copyOf(setup.clientCompIds()));
        thread = new Thread(this::serve, "artio-server-library");
        thread.setDaemon(true);
        thread.start();
        setup.note("artio server: Aeron media driver, archive and framer threads are Artio's own and are not pinned");
        return address;
    }

    /** Each session its own handler and report encoder: an encoder's header carries its session's CompIDs. */
    private SessionHandler acquired(Session session, SessionAcquiredInfo info) {
        sessions.add(session);
        return new Handler();
    }

    /** The sessions the library was handed (its thread adds them; close reads them once that thread ended). */
    private final java.util.List<Session> sessions = new java.util.concurrent.CopyOnWriteArrayList<>();

    private void serve() {
        setup.pinCurrentThread("server");
        IdleStrategy idle = profile.hotPath();
        while (!stopping) {
            idle.idle(node.library.poll(10));
        }
    }

    private final class Handler extends QuietSessionHandler {
        private final ExecutionReportEncoder report = new ExecutionReportEncoder();

        Handler() {
            report.cumQty(Workload.CUM_QTY, 0).avgPx(0, 0);
        }

        @Override
        public Action onMessage(DirectBuffer buffer, int offset, int length, int libraryId, Session session,
                                int sequenceIndex, long messageType, long timestampInNs, long position,
                                OnMessageInfo messageInfo) {
            if (messageType == NewOrderSingleDecoder.MESSAGE_TYPE) {
                ascii.wrap(buffer);
                order.reset();
                order.decode(ascii, offset, length);
                setup.hooks().orderReceived(); // the whole NewOrderSingle decoded
                report.clOrdID(order.clOrdID(), order.clOrdIDLength());
                report.resetOrigClOrdID();
                report.instrument().symbol(order.symbol(), order.symbolLength());
                report.side(order.side());
                report.orderQtyData().orderQty(order.orderQty());
                report.leavesQty(order.orderQty());
                answer(session, Order.Kind.LIMIT);
            } else if (messageType == OrderCancelRequestDecoder.MESSAGE_TYPE) {
                ascii.wrap(buffer);
                cancel.reset();
                cancel.decode(ascii, offset, length);
                setup.hooks().orderReceived();
                report.clOrdID(cancel.clOrdID(), cancel.clOrdIDLength());
                report.origClOrdID(cancel.origClOrdID(), cancel.origClOrdIDLength());
                report.instrument().symbol(cancel.symbol(), cancel.symbolLength());
                report.side(cancel.side());
                report.orderQtyData().orderQty(cancel.orderQty());
                report.leavesQty(0, 0);
                answer(session, Order.Kind.CANCEL);
            } else if (messageType == OrderCancelReplaceRequestDecoder.MESSAGE_TYPE) {
                ascii.wrap(buffer);
                replace.reset();
                replace.decode(ascii, offset, length);
                setup.hooks().orderReceived();
                report.clOrdID(replace.clOrdID(), replace.clOrdIDLength());
                report.origClOrdID(replace.origClOrdID(), replace.origClOrdIDLength());
                report.instrument().symbol(replace.symbol(), replace.symbolLength());
                report.side(replace.side());
                report.orderQtyData().orderQty(replace.orderQty());
                report.leavesQty(replace.orderQty());
                answer(session, Order.Kind.REPLACE);
            }
            return Action.CONTINUE;
        }

        /** The report of the order's kind (D new, F canceled, G replaced), with its counted ids, sent. */
        private void answer(Session session, Order.Kind kind) {
            long n = ++counter;
            report.orderID(orderId, ORDER_ID_PREFIX.length + ArtioEngine.putDigits(n, orderId, ORDER_ID_PREFIX.length));
            report.execID(execId, EXEC_ID_PREFIX.length + ArtioEngine.putDigits(n, execId, EXEC_ID_PREFIX.length));
            report.execType(kind.execType()).ordStatus(kind.ordStatus());
            int timeLength = timestamp.encode(System.currentTimeMillis());
            report.transactTime(timestamp.buffer(), timeLength);
            setup.hooks().reportSending(); // trySend encodes and hands to the framer: Artio has no point in between
            while (session.trySend(report) < 0 && !stopping) {
                Thread.onSpinWait(); // back pressure from the framer: retry, never drop
            }
        }
    }

    private static byte[] prefixed(byte[] prefix) {
        byte[] bytes = new byte[prefix.length + 20];
        System.arraycopy(prefix, 0, bytes, 0, prefix.length);
        return bytes;
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        if (thread != null) {
            thread.join(5_000);
        }
        if (node != null) {
            // each session disconnected, as a server that ends drops its connections: Artio's engine closed with a
            // session still connected to it waited 10.1 s before it closed (measured 2026-12-02, ArtioEngineTest)
            for (Session session : sessions) {
                session.requestDisconnect();
            }
            long deadline = System.nanoTime() + 2_000_000_000L;
            while (sessions.stream().anyMatch(Session::isConnected) && System.nanoTime() < deadline) {
                if (node.library.poll(10) == 0) {
                    Thread.yield();
                }
            }
            node.close();
        }
    }
}
