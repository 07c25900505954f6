package org.fixbench.engine.external;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.function.Consumer;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.Order;
import org.fixbench.engine.OrderCursor;
import org.fixbench.engine.OrderFlow;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.Workload;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.UtcTimeWriter;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;

/**
 * sbe's initiator session, single-threaded, speaking the engine file's BeginString with its Logon fields, sending its
 * order: ClOrdID (the intended start time), the file's fields as prepared bytes, TransactTime. Nothing is allocated
 * per order or per report on the usual path.
 *
 * <p>Replies: the first ExecutionReport echoing the ClOrdID of an order still outstanding (or its first ack, or the
 * fill that completes it: the file's {@code timedReport}) ends that order's round trip, in whatever order the reports
 * come (a gateway that matches in parallel acknowledges order N+1 before order
 * N); a later one for an order already answered (a fill after the acknowledgement) is counted, not timed; a resent
 * one (PossDupFlag=Y) of an order this client did not send (one of an earlier connection, resent at the gateway's
 * Logon) is counted. A reject (ExecutionReport with ExecType 8; a BusinessMessageReject or session Reject about an
 * order: RefMsgType D, F or G, or naming a ClOrdID sent) ends the benchmark naming its Text; so does an
 * ExecutionReport whose ClOrdID is absent or not one this client sent. Any other application message (News,
 * TradingSessionStatus, ..., a BusinessMessageReject of something else) is taken and counted per MsgType, never
 * answered with a reject: a load client that rejects a venue's notices starts a reject loop with its gateway.
 *
 * <p>Each order's first report, first ack (ExecType 0) and completing fill (OrdStatus 2) are also handed to the
 * listener as its {@linkplain ExternalEngine#stages() stages}, each timed from the order's intended send time.
 *
 * <p>With any workload but {@code fixed} ({@code mixed}, {@code lifecycle}, a replayed log), each request is the
 * workload's own, as every engine sends it ({@link OrderCursor}: ClOrdID the intended start time and a tail,
 * OrigClOrdID chained), with the file's {@code order} tags it does not carry; each is timed to its own answer: the New
 * (or the report {@code timedReport} names) for a NewOrderSingle, Canceled (150=4) for a cancel, Replaced (150=5) for
 * a replace, or an OrderCancelReject (35=9) for either when its reason is one the flow can expect (too late, unknown
 * order) and rejects stay within the file's {@code cancelRejectPercent}; any other ends the benchmark with its Text.
 * Each answer is also said to the listener by its MsgType ({@link ReportListener#onRequestAnswered}).
 *
 * <p>With {@code resetSeqNumFlag=N} the session's numbers and sent messages are kept in a file
 * ({@link #recordFile}), so that each connection, in this process or a later one, goes on from where the last ended,
 * as a venue that keeps sequence numbers for the day expects.
 */
final class ExternalClient implements EngineClient, FixSession.Application {
    private static final int CL_ORD_ID = 11;
    private static final int TRANSACT_TIME = 60;

    private final EngineFile file;
    private final SessionConfig config;
    private final IdleStrategy idle;
    private final byte[] orderFields;
    private final UtcTimeWriter transactTime = new UtcTimeWriter();
    private final Consumer<String> log;
    private SocketChannel channel;
    private FixSession session;
    private ReportListener listener;
    private volatile boolean closing;
    /** What an order's reports so far were: any, an ack (ExecType 0), a fill completing it (OrdStatus 2). */
    private static final long SEEN = 1;
    private static final long ACKED = 2;
    private static final long FILLED = 4;
    /** Where a request's MsgType sits in its reports' bits: 0 NewOrderSingle, 1 cancel, 2 replace. */
    private static final int KIND_SHIFT = 3;
    private static final long NEW = 0;
    private static final long CANCEL = 1L << KIND_SHIFT;
    private static final long REPLACE = 2L << KIND_SHIFT;
    private static final long KINDS = 3L << KIND_SHIFT;
    /** Orders sent and not yet answered (by the report {@code timedReport} names), by ClOrdID: their reports so far. */
    private final org.agrona.collections.Long2LongHashMap outstanding = new org.agrona.collections.Long2LongHashMap(
            1 << 17, org.agrona.collections.Hashing.DEFAULT_LOAD_FACTOR, -1);
    /** The latest orders answered, by ClOrdID (a ring of their ClOrdIDs evicts the oldest): their reports so far. */
    private final org.agrona.collections.Long2LongHashMap answered = new org.agrona.collections.Long2LongHashMap(
            1 << 19, org.agrona.collections.Hashing.DEFAULT_LOAD_FACTOR, -1);
    /** Which report ends an order's round trip: {@link EngineFile#TIMED_FIRST}, {@code _ACK} or {@code _FILLED}. */
    private final int timed;
    private final long[] answeredRing = new long[1 << 18];
    private long answeredCount;
    /** The first and last ClOrdID sent: a report of one between them answered long ago is a later report too. */
    private long firstSent = -1;
    private long lastSent = -1;
    private long otherReports;
    private long resentReports;
    private long rejects;
    /** Application messages that answer no order, per MsgType ({@link FixMessage#typeKey}). */
    private final long[] unsolicited = new long[1 << 15];
    private long unsolicitedTotal;
    /** BusinessMessageRejects and session Rejects about no order fixbench sent: counted, the last one's words kept. */
    private long otherRejects;
    private String lastOtherReject;
    /** What the Logon's answer said, for {@code check}: null until logged on. */
    private volatile String logonAnswer;
    /** For {@code check}: given every byte read and written on the connection (null: nothing is copied). */
    private Tee tee;

    /** Where {@code check} sees the connection's bytes: those read, those written. */
    interface Tee {
        void read(byte[] bytes);

        void written(byte[] bytes);
    }

    /** Copies the connection's bytes to {@code to} from the next connect on ({@code check}; never in a benchmark). */
    ExternalClient tee(Tee to) {
        this.tee = to;
        return this;
    }

    /** The workload's next request (null: {@code fixed}, the file's order as it stands). */
    private final OrderCursor cursor;
    /** Of the file's order, what a workload's request does not carry: its other tags, its Account, its TimeInForce. */
    private final byte[] extraFields;
    private final byte[] extraAccount;
    private final byte[] extraTimeInForce;
    /** Of the file's order, the tags a cancel may carry that it does not ({@link EngineFile#CANCEL_TAGS} but 1). */
    private final byte[] cancelExtraFields;
    private long cancelsAndReplacesSent;
    /**
     * The cancels and replaces the reject share is reckoned on at the least: of the first 100, the share of 100 may
     * be rejected, so that a late cancel among the first few does not end a run the share allows.
     */
    static final long SHARE_FROM = 100;
    /** OrderCancelRejects that answered a cancel or replace, per CxlRejReason (102; the last slot: none or past 98). */
    private final long[] cancelRejectsByReason = new long[100];
    private long cancelRejects;

    ExternalClient(EngineFile file, Consumer<String> log) {
        this(file, OrderFlow.fixed(), log);
    }

    ExternalClient(EngineFile file, OrderFlow flow, Consumer<String> log) {
        this.file = file;
        this.cursor = flow.isFixed() ? null : new OrderCursor(flow);
        java.io.ByteArrayOutputStream extra = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream cancelExtra = new java.io.ByteArrayOutputStream();
        byte[] account = null;
        byte[] tif = null;
        for (String f : new String(file.orderFields(), java.nio.charset.StandardCharsets.US_ASCII).split("\u0001")) {
            if (f.isEmpty()) {
                continue;
            }
            int tag = Integer.parseInt(f.substring(0, f.indexOf('=')));
            byte[] field = (f + '\u0001').getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            if (tag == 1) {
                account = field;
            } else if (tag == 59) {
                tif = field;
            } else if (!REQUEST_CARRIES.contains(tag)) {
                extra.writeBytes(field);
                if (EngineFile.CANCEL_TAGS.contains(tag)) {
                    cancelExtra.writeBytes(field);
                }
            }
        }
        this.extraFields = extra.toByteArray();
        this.cancelExtraFields = cancelExtra.toByteArray();
        this.extraAccount = account;
        this.extraTimeInForce = tif;
        this.log = log;
        Properties p = new Properties();
        p.setProperty("validation", "session");
        p.setProperty("heartBtInt", Integer.toString(file.heartBtIntSeconds()));
        p.setProperty("logonTimeoutMillis", Integer.toString(file.logonTimeoutMillis()));
        p.setProperty("idle", file.idle());
        p.setProperty("storeMessages", Integer.toString(1 << 18));
        p.setProperty("storeBytes", Integer.toString(64 << 20));
        this.config = SessionConfig.of(p, file.clientCompId(), file.serverCompId(), false)
                .withBeginString(file.beginString(), file.logonFields());
        this.idle = SessionConfig.idleStrategy(file.idle());
        this.orderFields = file.orderFields();
        this.timed = file.timedReport();
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws IOException {
        this.listener = listener;
        SocketChannel c = SocketChannel.open();
        try {
            c.socket().connect(server, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            c.setOption(StandardSocketOptions.TCP_NODELAY, true);
            c.configureBlocking(false);
        } catch (IOException e) {
            c.close();
            throw new IOException(file.name() + ": cannot connect to " + server + ": " + e.getMessage(), e);
        }
        channel = c;
        session = new FixSession(config, tee == null ? c : teed(c, tee), this, SystemEpochClock.INSTANCE, log,
                record());
        session.sendLogon(file.resetSeqNumFlag());
        long deadline = System.nanoTime() + Math.min(timeout.toNanos(), file.logonTimeoutMillis() * 1_000_000L);
        while (!session.isLoggedOn()) {
            if (session.endKind() == org.fixbench.fix.session.EndReason.LOGON_TIMEOUT) {
                throw new IllegalStateException(noAnswer(server));
            }
            if (session.endReason() != null) {
                throw new IllegalStateException(file.name() + ": the Logon to " + server + " was refused: "
                        + session.endReason());
            }
            if (System.nanoTime() > deadline) {
                session.end("no Logon answer");
                throw new IllegalStateException(noAnswer(server));
            }
            if (!session.poll()) {
                Thread.yield();
            }
        }
    }

    private static java.nio.channels.ByteChannel teed(SocketChannel c, Tee tee) {
        return new java.nio.channels.ByteChannel() {
            @Override
            public int read(java.nio.ByteBuffer dst) throws IOException {
                int from = dst.position();
                int n = c.read(dst);
                if (n > 0) {
                    byte[] copy = new byte[n];
                    dst.duplicate().position(from).get(copy);
                    tee.read(copy);
                }
                return n;
            }

            @Override
            public int write(java.nio.ByteBuffer src) throws IOException {
                int from = src.position();
                int n = c.write(src);
                if (n > 0) {
                    byte[] copy = new byte[n];
                    src.duplicate().position(from).get(copy);
                    tee.written(copy);
                }
                return n;
            }

            @Override
            public boolean isOpen() {
                return c.isOpen();
            }

            @Override
            public void close() throws IOException {
                c.close();
            }
        };
    }

    private String noAnswer(InetSocketAddress server) {
        return file.name() + ": no answer to the Logon from " + server + " within " + file.logonTimeoutMillis()
                + " ms (" + file.clientCompId() + " -> " + file.serverCompId() + ", " + file.beginString() + ")";
    }

    @Override
    public void onLogon(FixSession s) {
        logonAnswer = "logged on as " + file.clientCompId() + " to " + s.counterpartyCompId();
    }

    /**
     * The session's record: in memory when each Logon resets the numbers; else the one kept in {@link #recordFile}
     * (its numbers and the messages it can resend go on from the last connection's).
     */
    private SessionRecord record() throws IOException {
        if (file.resetSeqNumFlag()) {
            return new SessionRecord(config.storeBytes(), config.storeMessages()).allocate();
        }
        Path path = recordFile(file);
        SessionRecord r = SessionRecord.inFile(path, PERSISTENT_STORE_BYTES, PERSISTENT_STORE_MESSAGES);
        log.accept((r.recovered() ? "sequence numbers go on from " : "sequence numbers start at 1 in ") + path);
        return r;
    }

    /** A kept session's store: 16 MiB of sent messages, 65,536 of them, for the gateway's ResendRequests. */
    static final int PERSISTENT_STORE_BYTES = 16 << 20;
    static final int PERSISTENT_STORE_MESSAGES = 1 << 16;

    /**
     * Where a session with {@code resetSeqNumFlag=N} keeps its numbers: the file's {@code sequenceStore} folder, by
     * default {@code ~/.fixbench/sequence-numbers}, a file per CompID pair and BeginString.
     */
    static Path recordFile(EngineFile file) {
        Path folder = file.sequenceStore().isEmpty() ? defaultSequenceStore() : Path.of(file.sequenceStore());
        return folder.resolve(org.fixbench.harness.results.ResultsWriter.safeName(file.beginString() + "-"
                + file.clientCompId() + "-" + file.serverCompId()) + ".session");
    }

    static Path defaultSequenceStore() {
        String home = System.getenv("HOME");
        return Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home, ".fixbench",
                "sequence-numbers");
    }

    /** The tags a workload's request carries itself (Account 1 and TimeInForce 59 when it has them). */
    private static final java.util.Set<Integer> REQUEST_CARRIES = java.util.Set.of(21, 38, 40, 44, 54, 55);

    @Override
    public boolean onMessage(FixSession s, FixMessage m) {
        if (m.isType('8')) {
            report(m);
            return true;
        }
        if (m.isType('9')) {
            cancelReject(m);
            return true;
        }
        if (m.isType('j') && aboutAnOrder(m, 379)) {
            rejected("BusinessMessageReject", m, 380);
            return true;
        }
        if (m.isType('j')) {
            otherReject("BusinessMessageReject", m, 380);
        }
        // News, TradingSessionStatus, ...: taken and counted, never rejected
        int key = m.typeKey();
        if (key >= 0 && key < unsolicited.length) {
            unsolicited[key]++;
        }
        unsolicitedTotal++;
        return true;
    }

    /**
     * Whether a reject refers to an order fixbench sent: its RefMsgType (372) is D, F or G, or its {@code refIdTag}
     * (BusinessRejectRefID, 379) holds a ClOrdID sent; without RefMsgType and reference, it is taken as one.
     */
    private boolean aboutAnOrder(FixMessage m, int refIdTag) {
        int type = m.find(372);
        if (type >= 0) {
            if (m.length(type) == 1) {
                byte t = m.buffer().getByte(m.start(type));
                if (t == 'D' || t == 'F' || t == 'G') {
                    return true;
                }
            }
            long ref = refIdTag > 0 ? m.longValue(refIdTag) : -1;
            return ref >= 0 && sentOrAnswered(ref);
        }
        long ref = refIdTag > 0 ? m.longValue(refIdTag) : -1;
        return ref < 0 || sentOrAnswered(ref);
    }

    private boolean sentOrAnswered(long clOrdId) {
        return outstanding.containsKey(clOrdId) || answered.containsKey(clOrdId);
    }

    private void otherReject(String what, FixMessage m, int reasonTag) {
        otherRejects++;
        lastOtherReject = what + " of " + (m.has(372) ? "MsgType " + m.text(372) : "message " + m.text(45))
                + (m.has(reasonTag) ? ", reason " + m.text(reasonTag) : "") + ": " + (m.has(58) ? m.text(58)
                : "(no Text)");
    }

    /** The number a ClOrdID begins with (the intended start time; a workload's tail after it), else -2. */
    private static long clOrdIdNumber(FixMessage m, int k) {
        int start = m.start(k);
        int length = m.length(k);
        int digits = 0;
        while (digits < length && digits < 19) {
            byte b = m.buffer().getByte(start + digits);
            if (b < '0' || b > '9') {
                break;
            }
            digits++;
        }
        boolean tail = digits < length && m.buffer().getByte(start + digits) == '-';
        return digits == 0 || (digits < length && !tail) ? -2 : FixMessage.parseLong(m.buffer(), start, digits);
    }

    private void report(FixMessage m) {
        int k = m.find(CL_ORD_ID);
        long clOrdId = k < 0 ? -1 : clOrdIdNumber(m, k);
        int execType = m.find(150);
        if (execType >= 0 && m.length(execType) == 1 && m.buffer().getByte(m.start(execType)) == '8') {
            rejected("ExecutionReport with ExecType=8 (Rejected)", m, 103);
            return;
        }
        long open = clOrdId < 0 ? -1 : outstanding.get(clOrdId);
        long done = open >= 0 || clOrdId < 0 ? -1 : answered.get(clOrdId);
        if ((open >= 0 && (open & KINDS) != NEW) || (done >= 0 && (done & KINDS) != NEW)) {
            requestReport(m, clOrdId, open, done);
            return;
        }
        if (open >= 0 || done >= 0) {
            long was = open >= 0 ? open : done;
            boolean ack = m.isFlag(150, '0');
            boolean filled = m.isFlag(39, '2');
            if ((was & SEEN) == 0) {
                listener.onStage(ExternalEngine.STAGE_FIRST_REPORT, clOrdId);
            }
            if (ack && (was & ACKED) == 0) {
                listener.onStage(ExternalEngine.STAGE_ACK, clOrdId);
            }
            if (filled && (was & FILLED) == 0) {
                listener.onStage(ExternalEngine.STAGE_FILL, clOrdId);
            }
            long now = was | SEEN | (ack ? ACKED : 0) | (filled ? FILLED : 0);
            boolean ends = open >= 0 && (timed == EngineFile.TIMED_FIRST || (timed == EngineFile.TIMED_ACK && ack)
                    || (timed == EngineFile.TIMED_FILLED && filled));
            if (ends) {
                outstanding.remove(clOrdId);
                answered(clOrdId, now);
                if (cursor != null) {
                    listener.onRequestAnswered('D', clOrdId);
                }
                listener.onExecutionReport(clOrdId);
                return;
            }
            if (open >= 0) {
                outstanding.put(clOrdId, now);
            } else {
                answered.put(clOrdId, now);
            }
            otherReports++; // a fill after the ack, or a report before the one timed: counted, not timed
            return;
        }
        if (clOrdId >= 0 && clOrdId >= firstSent && clOrdId <= lastSent && firstSent >= 0) {
            otherReports++; // a later report of an order answered longer ago than the ring remembers
            return;
        }
        if (m.isFlag(43, 'Y')) {
            resentReports++; // resent by the gateway (of an earlier connection's order): counted, not timed
            return;
        }
        if (k < 0) {
            listener.onWrongAnswer(0, file.name() + ": an ExecutionReport without ClOrdID (11): "
                    + fields(m));
            return;
        }
        if (clOrdId < 0) {
            listener.onWrongAnswer(0, file.name() + ": an ExecutionReport whose ClOrdID (11) is not one fixbench "
                    + "sent (" + m.text(CL_ORD_ID) + ")");
            return;
        }
        listener.onWrongAnswer(0, file.name() + ": an ExecutionReport whose ClOrdID (11) is not one fixbench "
                + "sent (" + m.text(CL_ORD_ID) + ")");
    }

    /**
     * A report of a cancel or replace: Canceled (150=4) or Replaced (150=5) answers it; any other (a PendingCancel, a
     * fill of the order it names) is counted, not timed.
     */
    private void requestReport(FixMessage m, long clOrdId, long open, long done) {
        long kind = (open >= 0 ? open : done) & KINDS;
        if (open >= 0 && m.isFlag(150, kind == CANCEL ? '4' : '5')) {
            outstanding.remove(clOrdId);
            answered(clOrdId, open | SEEN);
            listener.onRequestAnswered(kind == CANCEL ? 'F' : 'G', clOrdId);
            listener.onExecutionReport(clOrdId);
            return;
        }
        otherReports++;
    }

    /**
     * An OrderCancelReject: the answer of the cancel or replace whose ClOrdID it echoes, counted per CxlRejReason,
     * when its reason is one the flow can expect (0 too late to cancel, 1 unknown order) and such rejects stay
     * within {@code cancelRejectPercent} of the cancels and replaces sent (of {@link #SHARE_FROM} at the least);
     * else the benchmark ends with its Text.
     */
    private void cancelReject(FixMessage m) {
        int k = m.find(CL_ORD_ID);
        long clOrdId = k < 0 ? -1 : clOrdIdNumber(m, k);
        long open = clOrdId < 0 ? -1 : outstanding.get(clOrdId);
        if (open < 0 || (open & KINDS) == NEW) {
            if (clOrdId >= 0 && (open >= 0 || answered.containsKey(clOrdId)
                    || (firstSent >= 0 && clOrdId >= firstSent && clOrdId <= lastSent))) {
                otherReports++; // of a request already answered: counted
                return;
            }
            listener.onWrongAnswer(0, file.name() + ": an OrderCancelReject whose ClOrdID (11) is not one of a "
                    + "cancel or replace fixbench sent (" + (k < 0 ? "none" : m.text(CL_ORD_ID)) + "): "
                    + (m.has(58) ? m.text(58) : "(no Text)"));
            return;
        }
        long reason = m.longValue(102);
        cancelRejects++;
        cancelRejectsByReason[reason >= 0 && reason < cancelRejectsByReason.length - 1 ? (int) reason
                : cancelRejectsByReason.length - 1]++;
        long allowed = (file.cancelRejectPercent() * Math.max(cancelsAndReplacesSent, SHARE_FROM) + 99) / 100;
        if ((reason != 0 && reason != 1) || cancelRejects > allowed) {
            rejects++;
            listener.onWrongAnswer(0, file.name() + ": " + (reason != 0 && reason != 1
                    ? "an OrderCancelReject no flow expects (CxlRejReason " + (reason < 0 ? "none" : reason) + ")"
                    : cancelRejects + " OrderCancelRejects of " + cancelsAndReplacesSent + " cancels and replaces, "
                    + "past cancelRejectPercent=" + file.cancelRejectPercent()) + " for ClOrdID " + m.text(CL_ORD_ID)
                    + ": Text: " + (m.has(58) ? m.text(58) : "(no Text)"));
            return;
        }
        outstanding.remove(clOrdId);
        answered(clOrdId, open | SEEN);
        listener.onRequestAnswered((open & KINDS) == CANCEL ? 'F' : 'G', clOrdId);
        listener.onExecutionReport(clOrdId);
    }

    /** Remembers an answered order and its reports so far; the oldest of the ring's is forgotten. */
    private void answered(long clOrdId, long reports) {
        int slot = (int) (answeredCount++ & (answeredRing.length - 1));
        if (answeredCount > answeredRing.length) {
            answered.remove(answeredRing[slot]);
        }
        answeredRing[slot] = clOrdId;
        answered.put(clOrdId, reports);
    }


    private void rejected(String what, FixMessage m, int reasonTag) {
        rejects++;
        String text = m.has(58) ? m.text(58) : "(no Text)";
        String reason = m.has(reasonTag) ? " reason " + m.text(reasonTag) + "," : "";
        String clOrdId = m.has(CL_ORD_ID) ? " for ClOrdID " + m.text(CL_ORD_ID) : "";
        listener.onWrongAnswer(0, file.name() + ": order rejected by " + what + clOrdId + ":" + reason + " Text: "
                + text);
    }

    @Override
    public void onSessionReject(FixSession s, FixMessage m) {
        if (m.has(372) && !aboutAnOrder(m, -1)) {
            otherReject("session Reject", m, 373);
            return;
        }
        rejects++;
        listener.onWrongAnswer(0, file.name() + ": a session Reject of message " + m.text(45) + " (RefTagID "
                + (m.has(371) ? m.text(371) : "-") + ", reason " + (m.has(373) ? m.text(373) : "-") + "): Text: "
                + (m.has(58) ? m.text(58) : "(no Text)"));
    }

    /** A message's fields as TAG=VALUE|..., for a reason. */
    static String fields(FixMessage m) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < m.count(); i++) {
            byte[] value = new byte[m.length(i)];
            m.buffer().getBytes(m.start(i), value);
            sb.append(i == 0 ? "" : "|").append(m.tag(i)).append('=')
                    .append(new String(value, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        return sb.toString();
    }

    @Override
    public void onEnd(FixSession s, String reason) {
        if (!closing && listener != null) {
            listener.onDisconnect(file.name() + ": " + reason);
        }
    }

    @Override
    public void send(long clOrdId) {
        if (session.endReason() != null) {
            throw new IllegalStateException(file.name() + ": the session ended during the benchmark: "
                    + session.endReason());
        }
        if (firstSent < 0) {
            firstSent = clOrdId;
        }
        lastSent = clOrdId;
        if (cursor != null) {
            sendRequest(clOrdId);
            return;
        }
        outstanding.put(clOrdId, 0);
        FixWriter w = session.begin('D' << 8);
        w.longField(CL_ORD_ID, clOrdId).raw(orderFields).timeField(TRANSACT_TIME, transactTime,
                System.currentTimeMillis());
        session.send();
    }

    /** The workload's next request, its own fields and the file's others ({@link #extraFields}). */
    private void sendRequest(long clOrdId) {
        Order o = cursor.next(clOrdId);
        Order.Kind kind = o.kind();
        boolean cancel = kind == Order.Kind.CANCEL;
        outstanding.put(clOrdId, cancel ? CANCEL : kind == Order.Kind.REPLACE ? REPLACE : NEW);
        if (kind.hasOrigClOrdId()) {
            cancelsAndReplacesSent++;
        }
        FixWriter w = session.begin(kind.msgType() << 8);
        w.stringField(CL_ORD_ID, cursor.clOrdId());
        if (kind.hasOrigClOrdId()) {
            w.stringField(41, cursor.origClOrdId());
        }
        w.bytesField(55, o.symbolBytes()).charField(54, (byte) o.side()).longField(38, o.orderQty());
        if (o.accountBytes() != null) {
            w.bytesField(1, o.accountBytes());
        } else if (extraAccount != null) {
            w.raw(extraAccount);
        }
        if (!cancel) {
            w.charField(21, (byte) Workload.HANDL_INST).charField(40, (byte) kind.ordType());
            if (o.price() != null) {
                w.decimalField(44, o.priceMantissa(), (byte) -o.priceScale());
            }
            if (o.timeInForce() != 0) {
                w.charField(59, (byte) o.timeInForce());
            } else if (extraTimeInForce != null) {
                w.raw(extraTimeInForce);
            }
        }
        w.raw(cancel ? cancelExtraFields : extraFields).timeField(TRANSACT_TIME, transactTime,
                System.currentTimeMillis());
        session.send();
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

    /** This session's CompIDs, as "ACME-1 -> VENUE-GW". */
    String compIds() {
        return file.clientCompId() + " -> " + file.serverCompId();
    }

    /** One read of the session, without idling: for a client of many sessions, which idles once for them all. */
    boolean pollOnce() {
        return session.poll();
    }

    /** Idles as the file says, after a round of {@link #pollOnce} that read {@code work} messages. */
    void idle(int work) {
        idle.idle(work);
    }

    /** Reports of orders that did not end a round trip (a fill after the ack; one before the report timed), counted. */
    long otherReports() {
        return otherReports;
    }

    long rejects() {
        return rejects;
    }

    /** OrderCancelRejects taken as a cancel's or replace's answer. */
    long cancelRejects() {
        return cancelRejects;
    }

    /** Those per CxlRejReason (102); the last slot holds those without one, or past 98. */
    long[] cancelRejectsByReason() {
        return cancelRejectsByReason.clone();
    }

    /** Cancels and replaces sent. */
    long cancelsAndReplacesSent() {
        return cancelsAndReplacesSent;
    }

    /** Reports the gateway resent (PossDupFlag=Y) of orders this client did not send. */
    long resentReports() {
        return resentReports;
    }

    /**
     * The application messages that answered no order, as "News (35=B) 12, TradingSessionStatus (35=h) 3", and the
     * rejects about no order; empty when none came.
     */
    String unsolicited() {
        StringBuilder sb = new StringBuilder();
        for (int key = 0; key < unsolicited.length; key++) {
            if (unsolicited[key] > 0) {
                String type = key >> 8 == 0 ? "?" : "" + (char) (key >> 8) + ((key & 0xff) == 0 ? "" : (char) (key
                        & 0xff));
                sb.append(sb.length() == 0 ? "" : ", ").append(MessageTypes.name(type)).append(" (35=").append(type)
                        .append(") ").append(unsolicited[key]);
            }
        }
        if (otherRejects > 0) {
            sb.append(sb.length() == 0 ? "" : "; ").append(otherRejects).append(" of them rejects about no order "
                    + "fixbench sent (the last: ").append(lastOtherReject).append(')');
        }
        return sb.toString();
    }

    long unsolicitedTotal() {
        return unsolicitedTotal;
    }

    /** The session, for {@code check}. */
    FixSession session() {
        return session;
    }

    String logonAnswer() {
        return logonAnswer;
    }

    @Override
    public void close() {
        closing = true;
        if (session == null) {
            return;
        }
        session.logoutAndEnd(2_000);
    }
}
