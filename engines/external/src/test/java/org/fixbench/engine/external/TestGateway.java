package org.fixbench.engine.external;

import java.io.ByteArrayInputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.RejectLogon;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionNotFound;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LastPx;
import quickfix.field.LastQty;
import quickfix.field.LeavesQty;
import quickfix.field.MsgType;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.Password;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.Text;
import quickfix.fix44.ExecutionReport;

/**
 * A gateway for the external engine's tests, on QuickFIX/J: not the suite's CompIDs, a Logon that must carry the
 * right Password (553/554), and two ExecutionReports per order (New, then Filled), as a venue's gateway answers.
 * Started as a process by an engine file's command: {@code TestGateway PORT SENDER TARGET PASSWORD MODE}. Its modes
 * play the faults: {@code ack-fill} (the gateway), {@code reject} (every order rejected), {@code no-clordid} (reports
 * without ClOrdID), {@code die-after:N} (halts after N orders), {@code exit} (exits before listening),
 * {@code deaf} (listens, never answers a Logon), {@code never-listen} (runs, never listens).
 */
public final class TestGateway implements Application {
    private final String password;
    private final String mode;
    private final AtomicLong orders = new AtomicLong();

    private TestGateway(String password, String mode) {
        this.password = password;
        this.mode = mode;
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String sender = args[1];
        String target = args[2];
        String password = args[3];
        String mode = args[4];
        System.out.println("test gateway: port " + port + ", " + sender + " <- " + target + ", mode " + mode);
        switch (mode) {
            case "exit" -> {
                System.err.println("test gateway: told to exit before listening");
                System.exit(3);
            }
            case "never-listen" -> {
                Thread.sleep(Long.MAX_VALUE);
            }
            case "deaf" -> {
                try (ServerSocket server = new ServerSocket(port)) {
                    while (true) {
                        Socket s = server.accept();
                        Thread t = new Thread(() -> {
                            try (s) {
                                s.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
                            } catch (java.io.IOException ignored) {
                                // the client went
                            }
                        });
                        t.setDaemon(true);
                        t.start();
                    }
                }
            }
            default -> {
            }
        }
        String settings = "[DEFAULT]\nConnectionType=acceptor\nStartTime=00:00:00\nEndTime=00:00:00\n"
                + "SocketAcceptPort=" + port + "\nSocketTcpNoDelay=Y\nUseDataDictionary=Y\nResetOnLogon=Y\n"
                + "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=" + sender + "\nTargetCompID=" + target + "\n";
        SessionSettings s = new SessionSettings(new ByteArrayInputStream(settings.getBytes(StandardCharsets.UTF_8)));
        SocketAcceptor acceptor = new SocketAcceptor(new TestGateway(password, mode), new MemoryStoreFactory(), s,
                new DefaultMessageFactory());
        acceptor.start();
        System.out.println("test gateway: listening");
        Thread.sleep(Long.MAX_VALUE);
    }

    @Override
    public void fromAdmin(Message message, SessionID sessionId) throws FieldNotFound, RejectLogon {
        if (message.getHeader().getString(MsgType.FIELD).equals(MsgType.LOGON)) {
            String given = message.isSetField(Password.FIELD) ? message.getString(Password.FIELD) : "";
            String user = message.isSetField(553) ? message.getString(553) : "";
            if (!given.equals(password) || !user.equals("trader")) {
                throw new RejectLogon("bad username or password for " + sessionId.getTargetCompID());
            }
        }
    }

    @Override
    public void fromApp(Message message, SessionID sessionId) throws FieldNotFound {
        if (!message.getHeader().getString(MsgType.FIELD).equals(MsgType.ORDER_SINGLE)) {
            return;
        }
        long n = orders.incrementAndGet();
        if (mode.startsWith("die-after:") && n > Long.parseLong(mode.substring("die-after:".length()))) {
            System.err.println("test gateway: told to die after " + (n - 1) + " orders");
            Runtime.getRuntime().halt(9);
        }
        String clOrdId = message.getString(ClOrdID.FIELD);
        double qty = message.getDouble(OrderQty.FIELD);
        char side = message.getChar(Side.FIELD);
        String symbol = message.getString(Symbol.FIELD);
        boolean reject = mode.equals("reject");
        ExecutionReport ack = new ExecutionReport(new OrderID("G" + n), new ExecID("A" + n),
                new ExecType(reject ? ExecType.REJECTED : ExecType.NEW),
                new OrdStatus(reject ? OrdStatus.REJECTED : OrdStatus.NEW), new Side(side), new LeavesQty(qty),
                new CumQty(0), new AvgPx(0));
        ack.set(new Symbol(symbol));
        if (!mode.equals("no-clordid")) {
            ack.set(new ClOrdID(clOrdId));
        }
        if (reject) {
            ack.set(new Text("symbol " + symbol + " is halted"));
        }
        send(ack, sessionId);
        if (reject || mode.equals("no-clordid")) {
            return;
        }
        ExecutionReport fill = new ExecutionReport(new OrderID("G" + n), new ExecID("F" + n),
                new ExecType(ExecType.TRADE), new OrdStatus(OrdStatus.FILLED), new Side(side), new LeavesQty(0),
                new CumQty(qty), new AvgPx(101.25));
        fill.set(new Symbol(symbol));
        fill.set(new ClOrdID(clOrdId));
        fill.set(new LastQty(qty));
        fill.set(new LastPx(101.25));
        send(fill, sessionId);
    }

    private static void send(Message m, SessionID id) {
        try {
            Session.sendToTarget(m, id);
        } catch (SessionNotFound e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void onCreate(SessionID sessionId) {
    }

    @Override
    public void onLogon(SessionID sessionId) {
    }

    @Override
    public void onLogout(SessionID sessionId) {
    }

    @Override
    public void toAdmin(Message message, SessionID sessionId) {
    }

    @Override
    public void toApp(Message message, SessionID sessionId) {
    }
}
