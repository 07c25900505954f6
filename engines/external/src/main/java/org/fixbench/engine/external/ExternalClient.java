package org.fixbench.engine.external;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Properties;
import java.util.function.Consumer;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.sbe.codec.FixMessage;
import org.fixbench.engine.sbe.codec.FixWriter;
import org.fixbench.engine.sbe.codec.UtcTimeWriter;
import org.fixbench.engine.sbe.session.FixSession;
import org.fixbench.engine.sbe.session.SessionConfig;
import org.fixbench.engine.sbe.session.SessionRecord;

/**
 * sbe's initiator session, single-threaded, speaking the engine file's BeginString with its Logon fields, sending its
 * order: ClOrdID (the intended start time), the file's fields as prepared bytes, TransactTime. Nothing is allocated
 * per order or per report on the usual path.
 *
 * <p>Replies: the first ExecutionReport echoing an order's ClOrdID ends its round trip; a later one for an order
 * already answered (a fill after the acknowledgement) is counted, not timed. A reject (ExecutionReport with
 * ExecType 8, BusinessMessageReject, session Reject) ends the benchmark naming its Text; so does an ExecutionReport
 * whose ClOrdID is absent or not one this client sent.
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
    /** The first ClOrdID sent, and the latest answered (ClOrdIDs rise with the schedule): -1 before any. */
    private long firstSent = -1;
    private long lastAnswered = -1;
    private long laterReports;
    private long rejects;
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

    ExternalClient(EngineFile file, Consumer<String> log) {
        this.file = file;
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
        this.idle = org.fixbench.engine.sbe.SbeEngine.idle(file.idle());
        this.orderFields = file.orderFields();
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
                new SessionRecord(config.storeBytes(), config.storeMessages()).allocate());
        session.sendLogon(file.resetSeqNumFlag());
        long deadline = System.nanoTime() + Math.min(timeout.toNanos(), file.logonTimeoutMillis() * 1_000_000L);
        while (!session.isLoggedOn()) {
            if (session.endKind() == org.fixbench.engine.sbe.session.EndReason.LOGON_TIMEOUT) {
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

    @Override
    public boolean onMessage(FixSession s, FixMessage m) {
        if (m.isType('8')) {
            report(m);
            return true;
        }
        if (m.isType('j')) {
            rejected("BusinessMessageReject", m, 380);
            return true;
        }
        return false; // answered with a BusinessMessageReject by the session, as any type it does not take
    }

    private void report(FixMessage m) {
        int k = m.find(CL_ORD_ID);
        long clOrdId = k < 0 ? -1 : FixMessage.parseLong(m.buffer(), m.start(k), m.length(k));
        int execType = m.find(150);
        if (execType >= 0 && m.length(execType) == 1 && m.buffer().getByte(m.start(execType)) == '8') {
            rejected("ExecutionReport with ExecType=8 (Rejected)", m, 103);
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
        if (lastAnswered >= 0 && clOrdId <= lastAnswered && clOrdId >= firstSent) {
            laterReports++; // a fill, or any later report of an order already answered: counted, not timed
            return;
        }
        lastAnswered = clOrdId;
        listener.onExecutionReport(clOrdId);
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
        FixWriter w = session.begin('D' << 8);
        w.longField(CL_ORD_ID, clOrdId).raw(orderFields).timeField(TRANSACT_TIME, transactTime,
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

    /** Later reports of orders already answered (fills), counted. */
    long laterReports() {
        return laterReports;
    }

    long rejects() {
        return rejects;
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
