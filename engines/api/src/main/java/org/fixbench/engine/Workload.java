package org.fixbench.engine;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The work every engine does, identical for all: FIX 4.4 NewOrderSingle in, ExecutionReport out, ClOrdID (11)
 * carrying the intended start time in nanoseconds and echoed back. Field values are fixed here so that every engine
 * sends the same bytes' worth of FIX.
 */
public final class Workload {
    public static final String BEGIN_STRING = "FIX.4.4";
    public static final String CLIENT_COMP_ID = "FIXBENCH-CLIENT";
    public static final String SERVER_COMP_ID = "FIXBENCH-SERVER";
    public static final int HEARTBEAT_SECONDS = 30;

    // NewOrderSingle (35=D)
    public static final String ACCOUNT = "ACCT-0001";          // 1
    public static final char HANDL_INST = '1';                 // 21: automated, private
    public static final int ORDER_QTY = 1_000;                 // 38
    public static final char ORD_TYPE = '2';                   // 40: limit
    public static final String PRICE = "101.25";               // 44
    public static final char SIDE = '1';                       // 54: buy
    public static final String SYMBOL = "ACME";                // 55
    public static final char TIME_IN_FORCE = '0';              // 59: day

    // ExecutionReport (35=8): an order acknowledged as New
    public static final String ORDER_ID_PREFIX = "ORD-";       // 37, followed by a counter
    public static final String EXEC_ID_PREFIX = "EXE-";        // 17, followed by a counter
    public static final char EXEC_TYPE = '0';                  // 150: new
    public static final char ORD_STATUS = '0';                 // 39: new
    public static final int CUM_QTY = 0;                       // 14
    public static final int LEAVES_QTY = ORDER_QTY;            // 151
    public static final String AVG_PX = "0";                   // 6

    /** The most sessions a benchmark opens ({@code --sessions}): the identities' three digits. */
    public static final int MAX_SESSIONS = 999;

    /**
     * The client's SenderCompID of session {@code session} (0-based) of {@code sessions}: {@code base} itself when
     * there is one session (so one-session results keep today's identity), else {@code base-001} ... in order,
     * all of equal length.
     */
    public static String clientCompId(String base, int session, int sessions) {
        if (sessions < 1 || sessions > MAX_SESSIONS || session < 0 || session >= sessions) {
            throw new IllegalArgumentException("session " + session + " of " + sessions + " (1-" + MAX_SESSIONS
                    + " sessions)");
        }
        return sessions == 1 ? base : base + "-" + String.format(java.util.Locale.ROOT, "%03d", session + 1);
    }

    private static final DateTimeFormatter UTC_TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private Workload() {
    }

    /** A complete NewOrderSingle as an engine would send it, with correct BodyLength and CheckSum. */
    public static byte[] sampleNewOrderSingle(long clOrdId, int seqNum, Instant now) {
        String t = UTC_TIMESTAMP.format(now);
        String body = "35=D\u0001" + header(CLIENT_COMP_ID, SERVER_COMP_ID, seqNum, t)
                + "1=" + ACCOUNT + "\u000111=" + clOrdId + "\u000121=" + HANDL_INST + "\u000138=" + ORDER_QTY
                + "\u000140=" + ORD_TYPE + "\u000144=" + PRICE + "\u000154=" + SIDE + "\u000155=" + SYMBOL
                + "\u000159=" + TIME_IN_FORCE + "\u000160=" + t + "\u0001";
        return frame(body);
    }

    /** A complete ExecutionReport answering {@link #sampleNewOrderSingle}. */
    public static byte[] sampleExecutionReport(long clOrdId, long counter, int seqNum, Instant now) {
        String t = UTC_TIMESTAMP.format(now);
        String body = "35=8\u0001" + header(SERVER_COMP_ID, CLIENT_COMP_ID, seqNum, t)
                + "37=" + ORDER_ID_PREFIX + counter + "\u000111=" + clOrdId + "\u000117=" + EXEC_ID_PREFIX + counter
                + "\u0001150=" + EXEC_TYPE + "\u000139=" + ORD_STATUS + "\u000155=" + SYMBOL + "\u000154=" + SIDE
                + "\u000138=" + ORDER_QTY + "\u000114=" + CUM_QTY + "\u0001151=" + LEAVES_QTY + "\u00016=" + AVG_PX
                + "\u000160=" + t + "\u0001";
        return frame(body);
    }

    /**
     * A complete request for {@code order} of a {@link OrderFlow} as an engine's client sends it, its fields in tag
     * order (the order every client writes them in): Account (when the order has one), ClOrdID, HandlInst (not on a
     * cancel), OrderQty, OrdType (not on a cancel), OrigClOrdID (cancel and replace), Price (limit and replace),
     * Side, Symbol, TimeInForce (when the order has one), TransactTime.
     */
    public static byte[] sampleRequest(Order order, String clOrdId, String origClOrdId, int seqNum,
                                       Instant now) {
        String t = UTC_TIMESTAMP.format(now);
        Order.Kind kind = order.kind();
        StringBuilder body = new StringBuilder("35=").append(kind.msgType()).append('\u0001')
                .append(header(CLIENT_COMP_ID, SERVER_COMP_ID, seqNum, t));
        if (order.account() != null) {
            body.append("1=").append(order.account()).append('\u0001');
        }
        body.append("11=").append(clOrdId).append('\u0001');
        if (kind != Order.Kind.CANCEL) {
            body.append("21=").append(HANDL_INST).append('\u0001');
        }
        body.append("38=").append(order.orderQty()).append('\u0001');
        if (kind.ordType() != 0) {
            body.append("40=").append(kind.ordType()).append('\u0001');
        }
        if (kind.hasOrigClOrdId()) {
            body.append("41=").append(origClOrdId).append('\u0001');
        }
        if (order.price() != null) {
            body.append("44=").append(order.price()).append('\u0001');
        }
        body.append("54=").append(order.side()).append("\u000155=").append(order.symbol()).append('\u0001');
        if (order.timeInForce() != 0) {
            body.append("59=").append(order.timeInForce()).append('\u0001');
        }
        body.append("60=").append(t).append('\u0001');
        return frame(body.toString());
    }

    /**
     * A complete ExecutionReport answering {@link #sampleRequest}: ExecType and OrdStatus of the order's kind,
     * OrigClOrdID on a cancel's or replace's, LeavesQty 0 once canceled.
     */
    public static byte[] sampleReport(Order order, String clOrdId, String origClOrdId, long counter,
                                      int seqNum, Instant now) {
        String t = UTC_TIMESTAMP.format(now);
        Order.Kind kind = order.kind();
        StringBuilder body = new StringBuilder("35=8\u0001").append(header(SERVER_COMP_ID, CLIENT_COMP_ID, seqNum, t))
                .append("37=").append(ORDER_ID_PREFIX).append(counter).append("\u000111=").append(clOrdId)
                .append('\u0001');
        if (kind.hasOrigClOrdId()) {
            body.append("41=").append(origClOrdId).append('\u0001');
        }
        body.append("17=").append(EXEC_ID_PREFIX).append(counter).append("\u0001150=").append(kind.execType())
                .append("\u000139=").append(kind.ordStatus()).append("\u000155=").append(order.symbol())
                .append("\u000154=").append(order.side()).append("\u000138=").append(order.orderQty())
                .append("\u000114=").append(CUM_QTY).append("\u0001151=").append(kind.leavesQty(order.orderQty()))
                .append("\u00016=").append(AVG_PX).append("\u000160=").append(t).append('\u0001');
        return frame(body.toString());
    }

    private static String header(String sender, String target, int seqNum, String sendingTime) {
        return "49=" + sender + "\u000156=" + target + "\u000134=" + seqNum + "\u000152=" + sendingTime + "\u0001";
    }

    private static byte[] frame(String body) {
        String head = "8=" + BEGIN_STRING + "\u00019=" + body.length() + "\u0001";
        String withoutTrailer = head + body;
        int sum = 0;
        for (byte b : withoutTrailer.getBytes(StandardCharsets.US_ASCII)) {
            sum += b & 0xFF;
        }
        return (withoutTrailer + String.format("10=%03d\u0001", sum % 256)).getBytes(StandardCharsets.US_ASCII);
    }
}
