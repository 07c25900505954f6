package org.fixbench.cli.scenario.slowconsumer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Instant;

import org.fixbench.engine.Workload;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.UtcTimeWriter;

/**
 * The {@code slow-consumer} scenario's slow session: a plain client on a connection of its own, with its own small
 * receive buffer, as a slow consumer of a real gateway is. It sends orders at its own rate from its logon to its
 * close and reads its reports, except while {@linkplain #stall stalled}: then it does not read its socket at all, so
 * the server meets a peer whose window is full, whatever it does about it. No relay stands between them: what the
 * server does (block, buffer, disconnect, stop reading) reaches the slow client and the other sessions directly.
 *
 * <p>It speaks FIX 4.4 as the benchmark's clients do ({@link Workload}'s NewOrderSingle, its own SenderCompID, a
 * Logon with ResetSeqNumFlag=Y, Heartbeats answering TestRequests), or, for raw TCP, that engine's fixed-length
 * frames. Each order's ClOrdID is the {@link System#nanoTime} it came due, so each report read gives that order's
 * round trip from when it was due. Orders are written from a buffer of its own
 * ({@link org.fixbench.cli.scenario.slowconsumer.SlowConsumerTable#SLOW_CLIENT_OUT_BYTES}); an order that
 * comes due while that buffer is full is not sent and is counted ({@link #notSent()}): the server has stopped taking
 * this session's orders. One thread, waking every {@link #TICK_NANOS}; nothing allocated per order.
 */
public final class SlowClient implements AutoCloseable {
    /** FIX 4.4 sessions, or raw TCP's frames. */
    public enum Protocol { FIX, RAW }

    /** How often the thread wakes to send what came due and read what came. */
    static final long TICK_NANOS = 1_000_000L;
    private static final int IN_BYTES = 256 * 1024;
    private static final byte SOH = 1;

    private final Protocol protocol;
    private final String senderCompId;
    private final String targetCompId;
    private final long periodNanos;
    private final SocketChannel channel;
    private final int localPort;
    private final ByteBuffer out = ByteBuffer.allocateDirect(
            org.fixbench.cli.scenario.slowconsumer.SlowConsumerTable.SLOW_CLIENT_OUT_BYTES);
    private final byte[] in = new byte[IN_BYTES];
    private final ByteBuffer inBuffer = ByteBuffer.wrap(in);
    private int inLength;
    private final FixWriter writer = new FixWriter(1024);
    private final UtcTimeWriter time = new UtcTimeWriter();
    private final byte[] rawOrder;
    private final int rawReportBytes;
    private final Thread thread;
    private int seqNum = 1;
    private long startNanos;
    private long due;
    private long lastSendNanos;
    private volatile boolean stalled;
    private volatile boolean stopping;
    private volatile boolean loggedOn;
    private volatile String logonRefusal;
    private volatile String ended;
    private volatile long endedNanos = -1;
    // counters: written by the client's thread only, read by the scenario's watcher
    private volatile long sent;
    private volatile long sentBytes;
    private volatile long notSent;
    private volatile long notSentBytes;
    private volatile long answered;
    private volatile long rejected;
    private volatile long worstNanos = -1;

    /**
     * Connects (SO_RCVBUF {@code receiveBufferBytes} set before the connection, so the window is that small from its
     * start) and, for FIX, logs on as {@code senderCompId}; orders start at {@code ratePerSecond} once logged on.
     */
    public SlowClient(InetSocketAddress server, Protocol protocol, String senderCompId, String targetCompId,
                      int receiveBufferBytes, long ratePerSecond, long connectTimeoutNanos) throws IOException {
        if (ratePerSecond < 1) {
            throw new IllegalArgumentException("the slow session's rate must be 1/s or more (was " + ratePerSecond + ")");
        }
        this.protocol = protocol;
        this.senderCompId = senderCompId;
        this.targetCompId = targetCompId;
        this.periodNanos = Math.max(1, 1_000_000_000L / ratePerSecond);
        byte[] sample = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.EPOCH);
        this.rawOrder = sample;
        this.rawReportBytes = Workload.sampleExecutionReport(1_234_567_890_123_456L, 1, 2, Instant.EPOCH).length;
        channel = SocketChannel.open();
        channel.setOption(StandardSocketOptions.SO_RCVBUF, receiveBufferBytes);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.connect(server);
        channel.configureBlocking(false);
        localPort = ((InetSocketAddress) channel.getLocalAddress()).getPort();
        thread = new Thread(() -> loop(connectTimeoutNanos), "slow-client"); // apart from the watcher ("fixbench-slow-consumer") in /proc, whose names keep 15 characters
        thread.setDaemon(true);
        if (protocol == Protocol.FIX) {
            lastSendNanos = System.nanoTime();
            writeLogon();
        } else {
            loggedOn = true;
        }
        thread.start();
    }

    /** Waits until logged on; the reason when it was not (refused, closed, or not within the time). */
    public String awaitLogon(long timeoutNanos) throws InterruptedException {
        long end = System.nanoTime() + timeoutNanos;
        while (!loggedOn && logonRefusal == null && ended == null && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        if (loggedOn) {
            return null;
        }
        return logonRefusal != null ? "the server refused the slow session's Logon: " + logonRefusal
                : ended != null ? "the slow session's connection ended before its Logon was answered: " + ended
                : "the slow session's Logon was not answered within " + timeoutNanos / 1_000_000 + " ms";
    }

    /** Stops (true) or resumes (false) reading the socket. Sending goes on. */
    public void stall(boolean on) {
        stalled = on;
    }

    public int localPort() {
        return localPort;
    }

    public boolean loggedOn() {
        return loggedOn;
    }

    /** Orders written whole to the client's buffer, and their bytes. */
    public long sent() {
        return sent;
    }

    public long sentBytes() {
        return sentBytes;
    }

    /** Orders that came due while the client's buffer was full (the server not taking them), and their bytes. */
    public long notSent() {
        return notSent;
    }

    public long notSentBytes() {
        return notSentBytes;
    }

    /** Bytes in the client's own buffer, not yet taken by its socket. */
    public int bufferedBytes() {
        return bufferedBytes;
    }

    private volatile int bufferedBytes;

    /** Reports read (the first answer to each order). */
    public long answered() {
        return answered;
    }

    /** Rejects and Logouts the server sent this session. */
    public long rejected() {
        return rejected;
    }

    /** The longest round trip of a report read since the last {@link #resetWorst}, ns from when its order was due. */
    public long worstNanos() {
        return worstNanos;
    }

    public void resetWorst() {
        resetWorst = true;
    }

    private volatile boolean resetWorst;

    /** Why the connection ended (closed or reset by the server, or a Logout), or null while it is up. */
    public String ended() {
        return ended;
    }

    /** When it ended ({@link System#nanoTime}), or -1. */
    public long endedNanos() {
        return endedNanos;
    }

    private void loop(long connectTimeoutNanos) {
        long logonBy = System.nanoTime() + connectTimeoutNanos;
        try {
            while (!stopping && ended == null) {
                long now = System.nanoTime();
                if (loggedOn) {
                    if (startNanos == 0) {
                        startNanos = now;
                    }
                    fillDue(now);
                } else if (now > logonBy) {
                    return;
                }
                flush();
                if (!stalled) {
                    read(now);
                }
                if (protocol == Protocol.FIX && loggedOn && now - lastSendNanos > Workload.HEARTBEAT_SECONDS
                        * 1_000_000_000L / 2 && out.position() == 0) {
                    writeAdmin('0', null);
                }
                java.util.concurrent.locks.LockSupport.parkNanos(TICK_NANOS);
            }
        } catch (IOException | RuntimeException e) {
            end("the connection failed: " + e.getMessage());
        }
    }

    private void end(String why) {
        if (ended == null) {
            endedNanos = System.nanoTime();
            ended = why;
        }
    }

    /** Every order due by now: written to the buffer when it fits, counted as not sent when it does not. */
    private void fillDue(long now) {
        long dueNow = (now - startNanos) / periodNanos + 1;
        while (due < dueNow) {
            long dueNanos = startNanos + due * periodNanos;
            due++;
            if (protocol == Protocol.RAW) {
                if (out.remaining() < rawOrder.length) {
                    notSent++;
                    notSentBytes += rawOrder.length;
                    continue;
                }
                int at = out.position();
                out.put(rawOrder).putLong(at, dueNanos);
                sent++;
                sentBytes += rawOrder.length;
            } else {
                int length = order(dueNanos);
                if (out.remaining() < length) {
                    notSent++;
                    notSentBytes += length;
                    continue;
                }
                out.put(writer.buffer().byteArray(), writer.start(), length);
                seqNum++;
                sent++;
                sentBytes += length;
                lastSendNanos = now;
            }
        }
    }

    private static final byte[] ORDER_FIELDS = ("1=" + Workload.ACCOUNT + "\u0001").getBytes(
            java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] ORDER_TAIL = ("21=" + Workload.HANDL_INST + "\u000138=" + Workload.ORDER_QTY
            + "\u000140=" + Workload.ORD_TYPE + "\u000144=" + Workload.PRICE + "\u000154=" + Workload.SIDE + "\u000155="
            + Workload.SYMBOL + "\u000159=" + Workload.TIME_IN_FORCE + "\u0001").getBytes(
            java.nio.charset.StandardCharsets.US_ASCII);

    /** A NewOrderSingle with ClOrdID {@code clOrdId} and the next MsgSeqNum, framed in the writer; its length. */
    private int order(long clOrdId) {
        long nowMillis = System.currentTimeMillis();
        writer.reset().msgType('D' << 8);
        header(nowMillis);
        writer.raw(ORDER_FIELDS).longField(11, clOrdId).raw(ORDER_TAIL).timeField(60, time, nowMillis);
        return writer.frame();
    }

    private void header(long nowMillis) {
        writer.stringField(49, senderCompId).stringField(56, targetCompId).longField(34, seqNum)
                .timeField(52, time, nowMillis);
    }

    private void writeLogon() throws IOException {
        writer.reset().msgType('A' << 8);
        header(System.currentTimeMillis());
        writer.charField(98, (byte) '0').longField(108, Workload.HEARTBEAT_SECONDS).charField(141, (byte) 'Y');
        int length = writer.frame();
        out.put(writer.buffer().byteArray(), writer.start(), length);
        seqNum++;
        flush();
    }

    /** An admin message of type {@code type} (Heartbeat, with TestReqID when given), if it fits. */
    private void writeAdmin(char type, String testReqId) throws IOException {
        writer.reset().msgType(type << 8);
        header(System.currentTimeMillis());
        if (testReqId != null) {
            writer.stringField(112, testReqId);
        }
        int length = writer.frame();
        if (out.remaining() >= length) {
            out.put(writer.buffer().byteArray(), writer.start(), length);
            seqNum++;
            lastSendNanos = System.nanoTime();
        }
    }

    private void flush() throws IOException {
        if (out.position() > 0) {
            out.flip();
            channel.write(out);
            out.compact();
        }
        bufferedBytes = out.position();
    }

    private void read(long now) throws IOException {
        while (true) {
            if (inLength == in.length) {
                throw new IOException("a message longer than " + in.length + " bytes");
            }
            inBuffer.limit(in.length).position(inLength);
            int n = channel.read(inBuffer);
            if (n < 0) {
                end("closed by the server");
                return;
            }
            if (n == 0) {
                return;
            }
            inLength += n;
            int used = protocol == Protocol.RAW ? rawReports(now) : fixMessages(now);
            System.arraycopy(in, used, in, 0, inLength - used);
            inLength -= used;
        }
    }

    private int rawReports(long now) {
        int at = 0;
        while (inLength - at >= rawReportBytes) {
            long id = 0;
            for (int k = 0; k < 8; k++) { // as ByteBuffer.putLong wrote it: big-endian
                id = id << 8 | (in[at + k] & 0xFF);
            }
            answer(now, id);
            at += rawReportBytes;
        }
        return at;
    }

    private void answer(long now, long dueNanos) {
        answered++;
        if (resetWorst) {
            resetWorst = false;
            worstNanos = -1;
        }
        long latency = now - dueNanos;
        if (latency > worstNanos && dueNanos > 0) {
            worstNanos = latency;
        }
    }

    /** Handles every whole FIX message in the input; returns the bytes used. */
    private int fixMessages(long now) throws IOException {
        int at = 0;
        while (true) {
            int length = messageLength(at);
            if (length < 0) {
                return at;
            }
            int type = find(at, at + length, "\u000135=");
            byte kind = type < 0 ? 0 : in[type + 4];
            switch (kind) {
                case '8' -> answer(now, value(at, at + length, "\u000111="));
                case 'A' -> loggedOn = true;
                case '1' -> writeAdmin('0', text(at, at + length, "\u0001112="));
                case '5' -> {
                    rejected++;
                    String why = text(at, at + length, "\u000158=");
                    if (!loggedOn) {
                        logonRefusal = why == null ? "a Logout" : why;
                    }
                    end("the server logged the session out" + (why == null ? "" : ": " + why));
                }
                case '3', 'j' -> rejected++;
                default -> { }
            }
            at += length;
        }
    }

    /** The whole length of the message starting at {@code at} ("8=" to CheckSum's SOH), or -1 if not all here. */
    private int messageLength(int at) throws IOException {
        int bodyLengthAt = find(at, inLength, "\u00019=");
        if (bodyLengthAt < 0) {
            return -1;
        }
        int p = bodyLengthAt + 3;
        int bodyLength = 0;
        while (p < inLength && in[p] != SOH) {
            bodyLength = bodyLength * 10 + (in[p++] - '0');
        }
        if (p >= inLength) {
            return -1;
        }
        int end = p + 1 + bodyLength + 7; // the body, then "10=nnn" SOH
        if (in[at] != '8' || bodyLength <= 0) {
            throw new IOException("not a FIX message from the server");
        }
        return end <= inLength ? end - at : -1;
    }

    private int find(int from, int to, String what) {
        outer:
        for (int i = from; i <= to - what.length(); i++) {
            for (int k = 0; k < what.length(); k++) {
                if (in[i + k] != what.charAt(k)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private long value(int from, int to, String tag) {
        int at = find(from, to, tag);
        if (at < 0) {
            return -1;
        }
        long v = 0;
        for (int p = at + tag.length(); p < to && in[p] != SOH; p++) {
            int d = in[p] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    private String text(int from, int to, String tag) {
        int at = find(from, to, tag);
        if (at < 0) {
            return null;
        }
        int p = at + tag.length();
        int end = p;
        while (end < to && in[end] != SOH) {
            end++;
        }
        return new String(in, p, end - p, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        stopping = true;
        try {
            thread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            channel.setOption(StandardSocketOptions.SO_LINGER, 0); // its unread reports go with it, as they would
            channel.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
