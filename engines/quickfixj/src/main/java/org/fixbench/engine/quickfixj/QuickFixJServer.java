package org.fixbench.engine.quickfixj;

import java.net.InetSocketAddress;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Order;
import org.fixbench.engine.Workload;
import quickfix.ApplicationAdapter;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.UnsupportedMessageType;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LeavesQty;
import quickfix.field.MsgType;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TransactTime;
import quickfix.fix44.ExecutionReport;

/**
 * A SocketAcceptor answering each NewOrderSingle with the workload's ExecutionReport. Messages are handled on
 * QuickFIX/J's single message-processor thread, which is pinned from its first callback; MINA's I/O threads are
 * QuickFIX/J's own and cannot be pinned (noted in the results).
 */
final class QuickFixJServer extends ApplicationAdapter implements EngineServer {
    private final EngineSetup setup;
    private final QuickFixJProfile profile;
    private SocketAcceptor acceptor;
    private long counter;
    private final java.util.Set<String> seenClOrdIds = new java.util.HashSet<>();

    QuickFixJServer(EngineSetup setup, QuickFixJProfile profile) {
        this.setup = setup;
        this.profile = profile;
    }

    @Override
    public InetSocketAddress start() throws Exception {
        InetSocketAddress address = setup.serverAddress();
        SessionSettings settings = profile.settings(true, address, setup);
        acceptor = new SocketAcceptor(this, profile.storeFactory(settings), settings, profile.logFactory(settings),
                new DefaultMessageFactory());
        acceptor.start();
        setup.note("quickfixj server: MINA I/O threads are not pinned (created inside QuickFIX/J)");
        return address;
    }

    @Override
    public void fromApp(Message message, SessionID sessionId) throws FieldNotFound, UnsupportedMessageType {
        setup.pinCurrentThread("server");
        if (EngineSetup.ECHO.equals(setup.application())) {
            echo(message, sessionId);
            return;
        }
        String msgType = message.getHeader().getString(MsgType.FIELD);
        char type = msgType.length() == 1 ? msgType.charAt(0) : 0;
        char execType = Order.Kind.execTypeFor(type); // D new, F canceled, G replaced
        if (execType == 0) {
            throw new UnsupportedMessageType();
        }
        setup.hooks().orderReceived();
        long n = ++counter;
        ExecutionReport report = new ExecutionReport(
                new OrderID(Workload.ORDER_ID_PREFIX + n), new ExecID(Workload.EXEC_ID_PREFIX + n),
                new ExecType(execType), new OrdStatus(Order.Kind.ordStatusFor(type)),
                new Side(message.getChar(Side.FIELD)),
                new LeavesQty(type == 'F' ? 0 : message.getDouble(OrderQty.FIELD)),
                new CumQty(Workload.CUM_QTY), new AvgPx(Double.parseDouble(Workload.AVG_PX)));
        report.set(new ClOrdID(message.getString(ClOrdID.FIELD)));
        if (type != 'D') {
            report.set(new quickfix.field.OrigClOrdID(message.getString(quickfix.field.OrigClOrdID.FIELD)));
        }
        report.set(new Symbol(message.getString(Symbol.FIELD)));
        report.set(new OrderQty(message.getDouble(OrderQty.FIELD)));
        report.set(new TransactTime(LocalDateTime.now(ZoneOffset.UTC)));
        setup.hooks().reportSending();
        if (!Session.lookupSession(sessionId).send(report)) {
            throw new IllegalStateException("quickfixj server: ExecutionReport not sent (session not logged on)");
        }
    }

    /**
     * The conformance application: a NewOrderSingle back as a NewOrderSingle with the same body (a PossResend
     * duplicate of a ClOrdID already seen is dropped), a SecurityDefinition echoed, anything else unsupported
     * (QuickFIX/J answers a BusinessMessageReject).
     */
    private void echo(Message message, SessionID sessionId) throws FieldNotFound, UnsupportedMessageType {
        String type = message.getHeader().getString(MsgType.FIELD);
        boolean order = MsgType.ORDER_SINGLE.equals(type);
        if (!order && !MsgType.SECURITY_DEFINITION.equals(type)) {
            throw new UnsupportedMessageType();
        }
        if (order && !seenClOrdIds.add(message.getString(ClOrdID.FIELD))
                && message.getHeader().isSetField(quickfix.field.PossResend.FIELD)
                && message.getHeader().getBoolean(quickfix.field.PossResend.FIELD)) {
            return;
        }
        Message echo = new Message();
        echo.getHeader().setString(MsgType.FIELD, type);
        echo.setFields(message);
        echo.setGroups(message);
        Session.lookupSession(sessionId).send(echo);
    }

    @Override
    public void close() {
        if (acceptor != null) {
            acceptor.stop(true);
        }
        QuickFixJTls.remove(QuickFixJProfile.side(setup, true));
    }
}
