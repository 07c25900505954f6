package org.fixbench.engine.quickfixj;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
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

/** A SocketInitiator: logs on, sends NewOrderSingles from the caller's thread, hands ExecutionReports on. */
final class QuickFixJClient extends ApplicationAdapter implements EngineClient {
    private final EngineSetup setup;
    private final QuickFixJProfile profile;
    private final CountDownLatch loggedOn = new CountDownLatch(1);
    private SocketInitiator initiator;
    private Session session;
    private volatile ReportListener listener;
    private volatile boolean closing;

    QuickFixJClient(EngineSetup setup, QuickFixJProfile profile) {
        this.setup = setup;
        this.profile = profile;
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        this.listener = listener;
        SessionSettings settings = profile.settings(false, server, setup);
        initiator = new SocketInitiator(this, profile.storeFactory(settings), settings, profile.logFactory(settings),
                new DefaultMessageFactory());
        initiator.start();
        if (!loggedOn.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            initiator.stop(true);
            throw new IllegalStateException("quickfixj: no Logon from " + server + " within " + timeout.toMillis() + " ms");
        }
        session = Session.lookupSession(QuickFixJProfile.sessionId(false, setup));
        setup.note("quickfixj client: MINA I/O threads are not pinned (created inside QuickFIX/J)");
    }

    @Override
    public void onLogon(SessionID sessionId) {
        loggedOn.countDown();
    }

    @Override
    public void onLogout(SessionID sessionId) {
        if (!closing && loggedOn.getCount() == 0) {
            listener.onDisconnect("quickfixj: session logged out or disconnected");
        }
    }

    @Override
    public void send(long clOrdId) {
        NewOrderSingle order = new NewOrderSingle(new ClOrdID(Long.toString(clOrdId)), new Side(Workload.SIDE),
                new TransactTime(LocalDateTime.now(ZoneOffset.UTC)), new OrdType(Workload.ORD_TYPE));
        order.set(new Account(Workload.ACCOUNT));
        order.set(new HandlInst(Workload.HANDL_INST));
        order.set(new OrderQty(Workload.ORDER_QTY));
        order.set(new Price(Double.parseDouble(Workload.PRICE)));
        order.set(new Symbol(Workload.SYMBOL));
        order.set(new TimeInForce(Workload.TIME_IN_FORCE));
        if (!session.send(order)) {
            throw new IllegalStateException("session ended during the benchmark: NewOrderSingle could not be sent "
                    + "(QuickFIX/J session not logged on)");
        }
    }

    @Override
    public void fromApp(Message message, SessionID sessionId) throws FieldNotFound {
        setup.pinCurrentThread("client receiver");
        if (MsgType.EXECUTION_REPORT.equals(message.getHeader().getString(MsgType.FIELD))) {
            listener.onExecutionReport(Long.parseLong(message.getString(ClOrdID.FIELD)));
        } else {
            listener.onDisconnect("quickfixj: unexpected message type " + message.getHeader().getString(MsgType.FIELD));
        }
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
        Session s = session;
        if (s != null && s.isLoggedOn()) {
            s.logout(); // disabled: no reconnect; next() sends the Logout now rather than at the next timer tick
            try {
                s.next();
                long deadline = System.nanoTime() + LOGOUT_WAIT_MILLIS * 1_000_000L;
                while (s.isLoggedOn() && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
            } catch (java.io.IOException e) {
                // the connection is already gone: nothing to hand over
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        initiator.stop(true);
    }

    static final long LOGOUT_WAIT_MILLIS = 2_000;
}
