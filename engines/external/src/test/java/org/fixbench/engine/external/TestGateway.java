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
 * Started as a process by an engine file's command: {@code TestGateway PORT SENDER TARGET PASSWORD MODE[,MODE...]}.
 * Its modes play the faults: {@code ack-fill} (the gateway), {@code reject} (every order rejected), {@code no-clordid}
 * (reports without ClOrdID), {@code die-after:N} (halts after N orders), {@code exit} (exits before listening),
 * {@code deaf} (listens, never answers a Logon), {@code never-listen} (runs, never listens). And what a venue does:
 * {@code news:MS} (a News and a TradingSessionStatus to every session every MS ms), {@code shuffle:N} (the reports of
 * each N orders sent in reverse order, a window sent at the latest 5 ms after its first order), {@code day:DIR}
 * (sequence numbers kept for the day in a file store in DIR, and a Logon with ResetSeqNumFlag=Y refused),
 * {@code sessions:N} (a session for each of N clients: {n} in TARGET is each one's number),
 * {@code pending-new} (a PendingNew at once, before the ack), {@code lifecycle} (orders rest: each New is
 * acknowledged, not filled; a replace of a resting order is Replaced (150=5), a cancel Canceled (150=4), and either of an
 * order no longer resting gets an OrderCancelReject: too late to cancel (102=0) for one filled, unknown order (102=1)
 * otherwise), {@code fill-every:N} (with lifecycle: every N-th New of each session is filled at once after its ack, so the cancel or
 * replace that follows it comes too late).
 */
public final class TestGateway implements Application {
    /**
     * QuickFIX/J's screen log (its default), of the session's own messages (Logon, Logout, Heartbeat, TestRequest,
     * ResendRequest, Reject, SequenceReset) and events only: printing every order and report too made the gateway,
     * not the client, what its tests waited on (ExternalClientAllocationTest: 15,000 orders at 20,000/s took 5 s).
     * The Logon, which carries the Password, is still printed: a test for secrets still sees it where the suite keeps
     * the acceptor's output.
     */
    static final class SessionLevelScreenLog implements quickfix.LogFactory {
        private final quickfix.ScreenLogFactory screen = new quickfix.ScreenLogFactory(true, true, true);

        @Override
        public quickfix.Log create(SessionID id) {
            quickfix.Log log = screen.create(id);
            return new quickfix.Log() {
                @Override
                public void clear() {
                    log.clear();
                }

                @Override
                public void onIncoming(String message) {
                    if (sessionLevel(message)) {
                        log.onIncoming(message);
                    }
                }

                @Override
                public void onOutgoing(String message) {
                    if (sessionLevel(message)) {
                        log.onOutgoing(message);
                    }
                }

                @Override
                public void onEvent(String text) {
                    log.onEvent(text);
                }

                @Override
                public void onErrorEvent(String text) {
                    log.onErrorEvent(text);
                }
            };
        }

        private static boolean sessionLevel(String message) {
            try {
                return quickfix.MessageUtils.isAdminMessage(quickfix.MessageUtils.getMessageType(message));
            } catch (quickfix.InvalidMessage garbled) {
                return true; // printed as it came
            }
        }
    }

    private final String password;
    private final String mode;
    private final AtomicLong orders = new AtomicLong();
    /** shuffle:N: the reports of the window's orders, held until it is full or 5 ms old; 0: sent at once. */
    private final int window;
    private final java.util.List<Object[]> held = new java.util.ArrayList<>();
    private long heldSinceNanos;
    private final boolean day;
    /** lifecycle: the resting orders, by the ClOrdID they are known by now (a replace's, once replaced). */
    private final java.util.Map<String, String> resting = new java.util.concurrent.ConcurrentHashMap<>();
    /** The orders each session sent (fill-every:N counts a session's own). */
    private final java.util.Map<SessionID, AtomicLong> sessionOrders = new java.util.concurrent.ConcurrentHashMap<>();
    /** lifecycle: the ClOrdIDs of orders filled (no longer resting). */
    private final java.util.Set<String> filled = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private TestGateway(String password, String mode) {
        this.password = password;
        this.mode = mode;
        this.window = Integer.parseInt(option(mode, "shuffle:", "0"));
        this.day = !option(mode, "day:", "").isEmpty();
    }

    /**
     * Writes {@code file}, an engine file whose command starts this gateway (in a JVM of this one's java and class
     * path, its password {@code password} as the file gives it, {@code modes}), then {@code lines} as they are.
     */
    public static java.nio.file.Path engineFile(java.nio.file.Path file, String password, String modes,
                                                String... lines) throws java.io.IOException {
        return engineFileWithFlags(file, "", password, modes, lines);
    }

    /**
     * The same, the gateway's JVM started with {@code jvmFlags} too: {@code -XX:TieredStopAtLevel=1} for a test that
     * sends it a few orders and never asks how fast it answers (C1 alone: less compiling beside the client on 2 CPUs).
     */
    public static java.nio.file.Path engineFileWithFlags(java.nio.file.Path file, String jvmFlags, String password,
                                                         String modes, String... lines) throws java.io.IOException {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        String text = "command=" + javaCommand + (jvmFlags.isEmpty() ? "" : " " + jvmFlags) + " -Xmx128m -cp " + System.getProperty("java.class.path") + " "
                + TestGateway.class.getName() + " {port} {serverCompId} {clientCompId} " + password + " " + modes
                + "\n" + String.join("\n", lines) + "\n";
        return java.nio.file.Files.writeString(file, text.replace("\\", "\\\\"));
    }

    /** A [SESSION] per client, {n} in {@code target} replaced by its number (sessions:N: 1 ... N). */
    private static String sessionSections(String sender, String target, int sessions) {
        StringBuilder sb = new StringBuilder();
        for (int n = 1; n <= sessions; n++) {
            sb.append("[SESSION]\nBeginString=FIX.4.4\nSenderCompID=").append(sender).append("\nTargetCompID=")
                    .append(target.replace("{n}", Integer.toString(n))).append('\n');
        }
        return sb.toString();
    }

    /** The value of {@code prefix}VALUE among the comma-separated modes, else {@code fallback}. */
    static String option(String modes, String prefix, String fallback) {
        for (String m : modes.split(",")) {
            if (m.startsWith(prefix)) {
                return m.substring(prefix.length());
            }
        }
        return fallback;
    }

    private static boolean has(String modes, String mode) {
        return java.util.List.of(modes.split(",")).contains(mode);
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String sender = args[1];
        String target = args[2];
        String password = args[3];
        String mode = args[4];
        System.out.println("test gateway: port " + port + ", " + sender + " <- " + target + ", mode " + mode);
        switch (mode.split(",")[0]) {
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
        String dayStore = option(mode, "day:", "");
        String settings = "[DEFAULT]\nConnectionType=acceptor\nStartTime=00:00:00\nEndTime=00:00:00\n"
                + "SocketAcceptPort=" + port + "\nSocketTcpNoDelay=Y\nUseDataDictionary=Y\nResetOnLogon="
                + (dayStore.isEmpty() ? "Y" : "N\nFileStorePath=" + dayStore) + "\n"
                + sessionSections(sender, target, Integer.parseInt(option(mode, "sessions:", "1")));
        SessionSettings s = new SessionSettings(new ByteArrayInputStream(settings.getBytes(StandardCharsets.UTF_8)));
        TestGateway gateway = new TestGateway(password, mode);
        SocketAcceptor acceptor = new SocketAcceptor(gateway, dayStore.isEmpty() ? new MemoryStoreFactory()
                : new quickfix.FileStoreFactory(s), s, new SessionLevelScreenLog(), new DefaultMessageFactory());
        acceptor.start();
        java.util.concurrent.ScheduledExecutorService timer = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor();
        long newsMillis = Long.parseLong(option(mode, "news:", "0"));
        if (newsMillis > 0) {
            AtomicLong notices = new AtomicLong();
            timer.scheduleAtFixedRate(() -> {
                for (SessionID id : acceptor.getSessions()) {
                    Session session = Session.lookupSession(id);
                    if (session != null && session.isLoggedOn()) {
                        quickfix.fix44.News news = new quickfix.fix44.News(new quickfix.field.Headline(
                                "market notice " + notices.incrementAndGet()));
                        quickfix.fix44.News.LinesOfText line = new quickfix.fix44.News.LinesOfText();
                        line.set(new Text("trading in ACME resumes at 10:00"));
                        news.addGroup(line);
                        session.send(news);
                        session.send(new quickfix.fix44.TradingSessionStatus(new quickfix.field.TradingSessionID(
                                "DAY"), new quickfix.field.TradSesStatus(quickfix.field.TradSesStatus.OPEN)));
                    }
                }
            }, newsMillis, newsMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        if (gateway.window > 0) {
            timer.scheduleAtFixedRate(() -> gateway.flush(false), 1, 1, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        System.out.println("test gateway: listening");
        Thread.sleep(Long.MAX_VALUE);
    }

    @Override
    public void fromAdmin(Message message, SessionID sessionId) throws FieldNotFound, RejectLogon {
        if (message.getHeader().getString(MsgType.FIELD).equals(MsgType.LOGON)) {
            String given = message.isSetField(Password.FIELD) ? message.getString(Password.FIELD) : "";
            String user = message.isSetField(553) ? message.getString(553) : "";
            // per-session credentials: trader, or trader and the session's number (ACME-7: trader7)
            String number = sessionId.getTargetCompID().replaceAll("^.*?(\\d*)$", "$1");
            if (!given.equals(password) || !(user.equals("trader") || (!number.isEmpty()
                    && user.equals("trader" + number)))) {
                throw new RejectLogon("bad username or password for " + sessionId.getTargetCompID());
            }
            if (day && message.isSetField(141) && message.getBoolean(141)) {
                throw new RejectLogon("ResetSeqNumFlag=Y refused: sequence numbers are kept for the day");
            }
        }
    }

    @Override
    public void fromApp(Message message, SessionID sessionId) throws FieldNotFound {
        String type = message.getHeader().getString(MsgType.FIELD);
        if (type.equals(MsgType.BUSINESS_MESSAGE_REJECT)) {
            // as a venue does: a client's BusinessMessageReject is not a message it takes, and it says so
            System.err.println("test gateway: the client sent a BusinessMessageReject: " + message);
            quickfix.fix44.BusinessMessageReject back = new quickfix.fix44.BusinessMessageReject(
                    new quickfix.field.RefMsgType(type), new quickfix.field.BusinessRejectReason(
                    quickfix.field.BusinessRejectReason.UNSUPPORTED_MESSAGE_TYPE));
            back.set(new quickfix.field.RefSeqNum(message.getHeader().getInt(quickfix.field.MsgSeqNum.FIELD)));
            back.set(new Text("unsupported message type " + type));
            send(back, sessionId);
            return;
        }
        if (has(mode, "lifecycle") && (type.equals(MsgType.ORDER_CANCEL_REQUEST)
                || type.equals(MsgType.ORDER_CANCEL_REPLACE_REQUEST))) {
            cancelOrReplace(message, type, sessionId);
            return;
        }
        if (!type.equals(MsgType.ORDER_SINGLE)) {
            return;
        }
        long n = orders.incrementAndGet();
        if (!option(mode, "die-after:", "").isEmpty() && n > Long.parseLong(option(mode, "die-after:", ""))) {
            System.err.println("test gateway: told to die after " + (n - 1) + " orders");
            Runtime.getRuntime().halt(9);
        }
        String clOrdId = message.getString(ClOrdID.FIELD);
        double qty = message.getDouble(OrderQty.FIELD);
        char side = message.getChar(Side.FIELD);
        String symbol = message.getString(Symbol.FIELD);
        boolean reject = has(mode, "reject");
        if (has(mode, "pending-new")) { // the front door's receipt, before the matching engine's ack
            ExecutionReport pending = new ExecutionReport(new OrderID("G" + n), new ExecID("P" + n),
                    new ExecType(ExecType.PENDING_NEW), new OrdStatus(OrdStatus.PENDING_NEW), new Side(side),
                    new LeavesQty(qty), new CumQty(0), new AvgPx(0));
            pending.set(new Symbol(symbol));
            pending.set(new ClOrdID(clOrdId));
            send(pending, sessionId);
        }
        ExecutionReport ack = new ExecutionReport(new OrderID("G" + n), new ExecID("A" + n),
                new ExecType(reject ? ExecType.REJECTED : ExecType.NEW),
                new OrdStatus(reject ? OrdStatus.REJECTED : OrdStatus.NEW), new Side(side), new LeavesQty(qty),
                new CumQty(0), new AvgPx(0));
        ack.set(new Symbol(symbol));
        if (!has(mode, "no-clordid")) {
            ack.set(new ClOrdID(clOrdId));
        }
        if (reject) {
            ack.set(new Text("symbol " + symbol + " is halted"));
        }
        if (reject || has(mode, "no-clordid")) {
            send(ack, sessionId);
            return;
        }
        long fillEvery = Long.parseLong(option(mode, "fill-every:", "0"));
        long ofSession = sessionOrders.computeIfAbsent(sessionId, id -> new AtomicLong()).incrementAndGet();
        if (has(mode, "lifecycle") && (fillEvery == 0 || ofSession % fillEvery != 0)) {
            resting.put(clOrdId, symbol);
            send(ack, sessionId);
            return;
        }
        if (has(mode, "lifecycle")) {
            filled.add(clOrdId);
        }
        ExecutionReport fill = new ExecutionReport(new OrderID("G" + n), new ExecID("F" + n),
                new ExecType(ExecType.TRADE), new OrdStatus(OrdStatus.FILLED), new Side(side), new LeavesQty(0),
                new CumQty(qty), new AvgPx(101.25));
        fill.set(new Symbol(symbol));
        fill.set(new ClOrdID(clOrdId));
        fill.set(new LastQty(qty));
        fill.set(new LastPx(101.25));
        if (window > 0) {
            hold(new Object[] {ack, fill, sessionId});
            return;
        }
        send(ack, sessionId);
        send(fill, sessionId);
    }

    /** lifecycle: a cancel or replace of a resting order answered, else rejected as FIX says (35=9). */
    private void cancelOrReplace(Message message, String type, SessionID sessionId) throws FieldNotFound {
        String clOrdId = message.getString(ClOrdID.FIELD);
        String orig = message.getString(quickfix.field.OrigClOrdID.FIELD);
        boolean cancel = type.equals(MsgType.ORDER_CANCEL_REQUEST);
        String symbol = resting.remove(orig);
        if (symbol == null) {
            boolean late = filled.contains(orig);
            quickfix.fix44.OrderCancelReject reject = new quickfix.fix44.OrderCancelReject(new OrderID("NONE"),
                    new ClOrdID(clOrdId), new quickfix.field.OrigClOrdID(orig), new OrdStatus(late ? OrdStatus.FILLED
                    : OrdStatus.REJECTED), new quickfix.field.CxlRejResponseTo(cancel
                    ? quickfix.field.CxlRejResponseTo.ORDER_CANCEL_REQUEST
                    : quickfix.field.CxlRejResponseTo.ORDER_CANCEL_REPLACE_REQUEST));
            reject.set(new quickfix.field.CxlRejReason(late ? quickfix.field.CxlRejReason.TOO_LATE_TO_CANCEL
                    : quickfix.field.CxlRejReason.UNKNOWN_ORDER));
            reject.set(new Text(late ? "too late: order " + orig + " is filled" : "unknown order " + orig));
            send(reject, sessionId);
            return;
        }
        double qty = message.getDouble(OrderQty.FIELD);
        ExecutionReport answer = new ExecutionReport(new OrderID("G-" + orig), new ExecID((cancel ? "C" : "R")
                + clOrdId), new ExecType(cancel ? ExecType.CANCELED : ExecType.REPLACED),
                new OrdStatus(cancel ? OrdStatus.CANCELED : OrdStatus.NEW), new Side(message.getChar(Side.FIELD)),
                new LeavesQty(cancel ? 0 : qty), new CumQty(0), new AvgPx(0));
        answer.set(new Symbol(symbol));
        answer.set(new ClOrdID(clOrdId));
        answer.set(new quickfix.field.OrigClOrdID(orig));
        if (!cancel) {
            resting.put(clOrdId, symbol); // known by the replace's ClOrdID from now on
        }
        send(answer, sessionId);
    }

    /** shuffle:N: the order's reports (ack, fill, session) held; the window sent, last order first, once it holds N. */
    private synchronized void hold(Object[] reports) {
        if (held.isEmpty()) {
            heldSinceNanos = System.nanoTime();
        }
        held.add(reports);
        if (held.size() >= window) {
            flush(true);
        }
    }

    /** Sends the held window, last order first: when full, or ({@code full} false) once 5 ms old. */
    private synchronized void flush(boolean full) {
        if (held.isEmpty() || (!full && System.nanoTime() - heldSinceNanos < 5_000_000L)) {
            return;
        }
        for (int i = held.size() - 1; i >= 0; i--) {
            send((Message) held.get(i)[0], (SessionID) held.get(i)[2]);
        }
        for (Object[] r : held) {
            send((Message) r[1], (SessionID) r[2]);
        }
        held.clear();
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
