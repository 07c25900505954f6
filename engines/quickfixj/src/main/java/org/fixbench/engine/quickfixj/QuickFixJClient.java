package org.fixbench.engine.quickfixj;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.fixbench.engine.ClOrdIds;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Order;
import org.fixbench.engine.OrderCursor;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.Workload;
import quickfix.ApplicationAdapter;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.Account;
import quickfix.field.ClOrdID;
import quickfix.field.HandlInst;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;

/**
 * A SocketInitiator: logs on, sends NewOrderSingles from the caller's thread, hands ExecutionReports on. With many
 * sessions, one initiator carries them all (one session section each; QuickFIX/J's one message-processor thread
 * handles every session's messages).
 */
final class QuickFixJClient extends ApplicationAdapter implements EngineClient {
    private final EngineSetup setup;
    private final QuickFixJProfile profile;
    private final CountDownLatch loggedOn;
    private final java.util.Map<SessionID, Integer> indexBySession = new java.util.HashMap<>();
    private final java.util.List<SessionID> ids;
    private SocketInitiator initiator;
    /** The sessions' logs: with no log kept, each session's last events, for why it ended. */
    private quickfix.LogFactory logs;
    private Session session;
    private Session[] sessions;
    private volatile ReportListener listener;
    private volatile boolean closing;
    /** Each session's place in the workload; null for the fixed order (today's path). */
    private final OrderCursor[] cursors;

    QuickFixJClient(EngineSetup setup, QuickFixJProfile profile) {
        this.setup = setup;
        this.profile = profile;
        this.ids = QuickFixJProfile.sessionIds(false, setup);
        for (int i = 0; i < ids.size(); i++) {
            indexBySession.put(ids.get(i), i);
        }
        this.loggedOn = new CountDownLatch(ids.size());
        if (setup.flow().isFixed()) {
            cursors = null;
        } else {
            cursors = new OrderCursor[ids.size()];
            for (int i = 0; i < cursors.length; i++) {
                cursors[i] = new OrderCursor(setup.flow());
            }
        }
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        this.listener = listener;
        SessionSettings settings = profile.settings(false, server, setup);
        logs = profile.logFactory(settings);
        initiator = new SocketInitiator(this, profile.storeFactory(settings), settings, logs,
                new DefaultMessageFactory());
        initiator.start();
        if (!loggedOn.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            initiator.stop(true);
            String tls = QuickFixJTls.on(settings) ? QuickFixJTls.handshakeFailure(settings, ids.get(0), server) : null;
            throw new IllegalStateException("quickfixj: " + (ids.size() == 1 ? "no Logon" : loggedOn.getCount() + " of "
                    + ids.size() + " sessions without a Logon") + " from " + server + " within " + timeout.toMillis()
                    + " ms" + (tls == null ? "" : ": " + tls));
        }
        sessions = new Session[ids.size()];
        for (int i = 0; i < sessions.length; i++) {
            sessions[i] = Session.lookupSession(ids.get(i));
        }
        session = sessions[0];
        setup.note("quickfixj client: MINA I/O threads are not pinned (created inside QuickFIX/J)");
        if (QuickFixJTls.on(settings)) {
            setup.note(org.fixbench.engine.Tls.negotiatedNote(QuickFixJTls.negotiated(session), "QuickFIX/J's own "
                    + "(MINA's SSL filter, the JDK's TLS) at both ends"));
        }
    }

    /**
     * Waits for QuickFIX/J's initiator to log the session on again by itself (it tries every ReconnectInterval, 1 s):
     * the same Session, so its numbers and store are kept unless the profile resets them at Logon (ResetOnLogon=Y).
     */
    @Override
    public boolean logOnAgain(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        if (sessions == null || sessions.length != 1) {
            return false;
        }
        this.listener = listener;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!session.isLoggedOn()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("quickfixj: not logged on again within " + timeout.toMillis() + " ms");
            }
            Thread.sleep(1);
        }
        return true;
    }

    /** QuickFIX/J's Session is safe to share: orders are taken while its initiator logs on again. */
    @Override
    public boolean takesOrdersWhileLoggingOnAgain() {
        return true;
    }

    /**
     * QuickFIX/J's own behaviour while not logged on: Session.send numbers the order and, with PersistMessages=Y,
     * keeps it in the store for the peer's ResendRequest (else it is gap-filled); it returns false, not sent now.
     */
    @Override
    public boolean sendWhileDown(long clOrdId) {
        if (cursors != null || sessions == null || sessions.length != 1) {
            return false;
        }
        session.send(order(clOrdId));
        return true;
    }

    /** Sends from and reports on {@code only}, a session made by the caller: a round trip in memory. */
    void attach(Session only, ReportListener listener) {
        this.listener = listener;
        sessions = new Session[] {only};
        session = only;
    }

    @Override
    public void onLogon(SessionID sessionId) {
        if (loggedOnOnce.add(sessionId)) {
            loggedOn.countDown();
        }
    }

    private final java.util.Set<SessionID> loggedOnOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Override
    public void onLogout(SessionID sessionId) {
        if (!closing && loggedOn.getCount() == 0) {
            String last = logs instanceof NoLog.Factory f ? f.lastEvents(sessionId) : null;
            listener.onDisconnect(indexBySession.getOrDefault(sessionId, 0),
                    "quickfixj: session logged out or disconnected" + (last == null ? ""
                            : " (QuickFIX/J's last event of the session: " + last + ")"));
        }
    }

    @Override
    public void send(long clOrdId) {
        send(0, clOrdId);
    }

    @Override
    public void send(int index, long clOrdId) {
        if (cursors != null) {
            sendNext(sessions[index], cursors[index], clOrdId);
            return;
        }
        send(sessions[index], clOrdId);
    }

    /** The workload's next order on a session, each field's text as the flow gives it, in tag order. */
    private static void sendNext(Session session, OrderCursor cursor, long intendedStartNanos) {
        Order o = cursor.next(intendedStartNanos);
        Order.Kind kind = o.kind();
        Message m = kind == Order.Kind.CANCEL ? new quickfix.fix44.OrderCancelRequest()
                : kind == Order.Kind.REPLACE ? new quickfix.fix44.OrderCancelReplaceRequest() : new NewOrderSingle();
        if (o.account() != null) {
            m.setString(Account.FIELD, o.account());
        }
        m.setString(ClOrdID.FIELD, cursor.clOrdId().toString());
        if (kind != Order.Kind.CANCEL) {
            m.setChar(HandlInst.FIELD, Workload.HANDL_INST);
        }
        m.setInt(OrderQty.FIELD, o.orderQty());
        if (kind.ordType() != 0) {
            m.setChar(OrdType.FIELD, kind.ordType());
        }
        if (kind.hasOrigClOrdId()) {
            m.setString(quickfix.field.OrigClOrdID.FIELD, cursor.origClOrdId().toString());
        }
        if (o.price() != null) {
            m.setString(Price.FIELD, o.price());
        }
        m.setChar(Side.FIELD, o.side());
        m.setString(Symbol.FIELD, o.symbol());
        if (o.timeInForce() != 0) {
            m.setChar(TimeInForce.FIELD, o.timeInForce());
        }
        m.setField(new TransactTime(LocalDateTime.now(ZoneOffset.UTC)));
        if (!session.send(m)) {
            throw new IllegalStateException("session ended during the benchmark: " + kind.description()
                    + " could not be sent (QuickFIX/J session not logged on)");
        }
    }

    private static void send(Session session, long clOrdId) {
        if (!session.send(order(clOrdId))) {
            throw new IllegalStateException("session ended during the benchmark: NewOrderSingle could not be sent "
                    + "(QuickFIX/J session not logged on)");
        }
    }

    private static NewOrderSingle order(long clOrdId) {
        NewOrderSingle order = new NewOrderSingle(new ClOrdID(Long.toString(clOrdId)), new Side(Workload.SIDE),
                new TransactTime(LocalDateTime.now(ZoneOffset.UTC)), new OrdType(Workload.ORD_TYPE));
        order.set(new Account(Workload.ACCOUNT));
        order.set(new HandlInst(Workload.HANDL_INST));
        order.set(new OrderQty(Workload.ORDER_QTY));
        order.set(new Price(Double.parseDouble(Workload.PRICE)));
        order.set(new Symbol(Workload.SYMBOL));
        order.set(new TimeInForce(Workload.TIME_IN_FORCE));
        return order;
    }

    @Override
    public void fromApp(Message message, SessionID sessionId) throws FieldNotFound {
        setup.pinCurrentThread("client receiver");
        if (MsgType.EXECUTION_REPORT.equals(message.getHeader().getString(MsgType.FIELD))) {
            int index = indexBySession.getOrDefault(sessionId, 0);
            String clOrdId = message.getString(ClOrdID.FIELD);
            if (cursors == null) {
                listener.onExecutionReport(index, Long.parseLong(clOrdId));
                return;
            }
            String wrong = cursors[0].flow().mismatch(clOrdId, charOf(message, quickfix.field.ExecType.FIELD),
                    charOf(message, quickfix.field.OrdStatus.FIELD),
                    message.isSetField(Symbol.FIELD) ? message.getString(Symbol.FIELD) : null);
            if (wrong != null) {
                listener.onWrongAnswer(index, wrong);
            } else {
                listener.onExecutionReport(index, ClOrdIds.leadingNumber(clOrdId));
            }
        } else {
            listener.onDisconnect("quickfixj: unexpected message type " + message.getHeader().getString(MsgType.FIELD));
        }
    }

    private static char charOf(Message message, int tag) throws FieldNotFound {
        return message.isSetField(tag) ? message.getChar(tag) : 0;
    }

    /**
     * Logs out in order when the session is up: the Logout is sent now and the peer's answer awaited (at most
     * {@link #LOGOUT_WAIT_MILLIS}), so the server sees a Logout handshake rather than a dropped connection.
     */
    @Override
    public void close() {
        closing = true;
        if (initiator == null) {
            return;
        }
        Session[] all = sessions == null ? new Session[0] : sessions;
        long deadline = System.nanoTime() + LOGOUT_WAIT_MILLIS * 1_000_000L;
        for (Session s : all) {
            if (s != null && s.isLoggedOn()) {
                s.logout(); // disabled: no reconnect; next() sends the Logout now rather than at the next timer tick
                try {
                    s.next();
                } catch (java.io.IOException e) {
                    // the connection is already gone: nothing to hand over
                }
            }
        }
        try {
            for (Session s : all) {
                while (s != null && s.isLoggedOn() && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        initiator.stop(true);
        QuickFixJTls.remove(QuickFixJProfile.side(setup, false));
    }

    static final long LOGOUT_WAIT_MILLIS = 2_000;
}
