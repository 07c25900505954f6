package org.fixbench.engine.sbe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.ServerHooks;

/**
 * One FIX 4.4 session over a non-blocking socket, driven by one thread calling {@link #poll()}: framing, dictionary
 * validation, the session layer (Logon, Heartbeat/TestRequest, sequence numbers with ResendRequest and a queue,
 * resends from an in-memory store with gap fills, SequenceReset, PossDupFlag/OrigSendingTime, SendingTime
 * accuracy, CompIDs, Reject, Logout handshake) and application messages handed to an {@link Application}, in order.
 * Behaviour and texts follow a QuickFIX/J session with its defaults, so logs of either read alike.
 *
 * <p>Allocation-free for in-order traffic; error paths (rejects, logouts, events) may allocate.
 */
public final class FixSession {

    /** What the session hands up. Called on the polling thread. */
    public interface Application {
        /**
         * An application message, validated and in sequence. Return false if its type is not supported: the session
         * then answers a BusinessMessageReject (Unsupported Message Type).
         */
        boolean onMessage(FixSession session, FixMessage message);

        default void onLogon(FixSession session) {
        }

        /** The session ended (logout, disconnect, error); called once. */
        default void onEnd(FixSession session, String reason) {
        }
    }

    private static final int HEARTBEAT = key('0');
    private static final int TEST_REQUEST = key('1');
    private static final int RESEND_REQUEST = key('2');
    private static final int REJECT = key('3');
    private static final int SEQUENCE_RESET = key('4');
    private static final int LOGOUT = key('5');
    private static final int LOGON = key('A');
    private static final byte[] YES = {'Y'};
    private static final int[] SESSION_HEADER = {49, 56, 52};

    private final SessionConfig config;
    private final Application application;
    private final EpochClock clock;
    private final Consumer<String> log;
    private final SocketChannel channel;
    private final byte[] senderCompId;
    private final byte[] targetCompId;
    private final FixCodec codec;
    private final FixMessage message = new FixMessage(1024);
    private final FixMessage stored = new FixMessage(1024);
    private final Validator validator;
    private final FixWriter writer;
    private final MessageStore store;
    private final ByteBuffer in;
    private final UnsafeBuffer inBuffer;
    private final ByteBuffer out;
    private final UnsafeBuffer outBuffer;
    private final UnsafeBuffer queue;
    private final UnsafeBuffer replay;
    private final UnsafeBuffer time = new UnsafeBuffer(new byte[32]);
    private int queueWrite;
    private int queueRead;
    private boolean draining;

    private long nextSenderSeq = 1;
    private long nextTargetSeq = 1;
    private long heartBtMillis;
    private boolean logonSent;
    private boolean logonReceived;
    private boolean logoutSent;
    private long logoutDeadline;
    private long logonDeadline;
    private long lastSentMillis;
    private long lastReceivedMillis;
    private int testRequestsSent;
    private long resendTarget;
    private long skipBytes;
    private String endReason;
    private long garbled;
    private long rejectsSent;
    private long evictedResends;

    public FixSession(SessionConfig config, SocketChannel channel, Application application, EpochClock clock,
                      Consumer<String> log) {
        this.config = config;
        this.channel = channel;
        this.application = application;
        this.clock = clock;
        this.log = log == null ? text -> { } : log;
        senderCompId = config.senderCompId().getBytes(StandardCharsets.US_ASCII);
        targetCompId = config.targetCompId().getBytes(StandardCharsets.US_ASCII);
        codec = new FixCodec(config.maxMessageBytes());
        validator = new Validator(config.dictionary());
        writer = new FixWriter(config.maxMessageBytes());
        store = new MessageStore(config.storeBytes(), config.storeMessages());
        int buffer = Math.max(config.bufferBytes(), 4 * config.maxMessageBytes());
        in = ByteBuffer.allocate(buffer); // on-heap: parsing reads the array directly
        inBuffer = new UnsafeBuffer(in);
        out = ByteBuffer.allocateDirect(buffer);
        outBuffer = new UnsafeBuffer(out);
        queue = new UnsafeBuffer(new byte[buffer]);
        replay = new UnsafeBuffer(new byte[config.maxMessageBytes() + 64]);
        heartBtMillis = config.heartBtIntSeconds() * 1000L;
        long now = clock.time();
        lastSentMillis = now;
        lastReceivedMillis = now;
        logonDeadline = now + config.logonTimeoutMillis();
    }

    private static int key(char type) {
        return type << 8;
    }

    public boolean isLoggedOn() {
        return logonSent && logonReceived && endReason == null;
    }

    /** Why the session ended, or null while it runs. */
    public String endReason() {
        return endReason;
    }

    public long nextSenderSeq() {
        return nextSenderSeq;
    }

    public long nextTargetSeq() {
        return nextTargetSeq;
    }

    /**
     * Messages ignored as garbled (framing, BodyLength, CheckSum, size), rejects sent, and application messages a
     * ResendRequest asked for that had left the store (gap-filled instead); logged when the session ends.
     */
    public String counters() {
        return "garbled=" + garbled + " rejects=" + rejectsSent + " evictedResends=" + evictedResends;
    }

    /** Continues the numbering of an earlier connection of this session (an acceptor's next connection). */
    public void restoreSequences(long nextSender, long nextTarget) {
        nextSenderSeq = nextSender;
        nextTargetSeq = nextTarget;
    }

    // ------------------------------------------------------------------ initiator

    /** Initiator: sends Logon (with ResetSeqNumFlag=Y when asked: both sides start again at 1). */
    public void sendLogon(boolean reset) {
        if (reset) {
            nextSenderSeq = 1;
            nextTargetSeq = 1;
            store.clear();
        }
        FixWriter w = begin(LOGON);
        w.charField(98, (byte) '0').longField(108, config.heartBtIntSeconds());
        if (reset) {
            w.charField(141, (byte) 'Y');
        }
        send();
        logonSent = true;
    }

    /** Starts a Logout: sends it and ends the session when the answer comes or the logout timeout passes. */
    public void logout(String text) {
        if (endReason != null || logoutSent) {
            return;
        }
        FixWriter w = begin(LOGOUT);
        if (text != null) {
            w.stringField(58, text);
        }
        send();
        logoutSent = true;
        logoutDeadline = clock.time() + config.logoutTimeoutMillis();
    }

    /** Ends the session now: closes the socket and tells the application once. */
    public void end(String reason) {
        if (endReason != null) {
            return;
        }
        endReason = reason;
        try {
            flush();
        } catch (IOException ignored) {
            // the peer may be gone already
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        log.accept("session ended: " + reason + " (" + counters() + ")");
        application.onEnd(this, reason);
    }

    // ------------------------------------------------------------------ sending

    /** Starts an outgoing message: the header (MsgType, CompIDs, MsgSeqNum, SendingTime); add the body, then {@link #send()}. */
    public FixWriter begin(int typeKey) {
        return header(typeKey, nextSenderSeq, false);
    }

    /** The header of a message; a resend ({@code possDup}) carries PossDupFlag=Y and its original number. */
    private FixWriter header(int typeKey, long seq, boolean possDup) {
        writer.reset();
        typeField(typeKey);
        writer.bytesField(49, senderCompId).bytesField(56, targetCompId).longField(34, seq);
        if (possDup) {
            writer.bytesField(43, YES);
        }
        int at = writer.beginField(52);
        writer.endField(UtcTime.format(clock.time(), writer.buffer(), at));
        return writer;
    }

    private void typeField(int typeKey) {
        int at = writer.beginField(35);
        writer.buffer().putByte(at, (byte) (typeKey >>> 8));
        if ((typeKey & 0xFF) != 0) {
            writer.buffer().putByte(at + 1, (byte) typeKey);
            writer.endField(2);
        } else {
            writer.endField(1);
        }
    }

    /** Frames the message begun with {@link #begin}, keeps it for resends if it is an application message, sends it. */
    public void send() {
        send(ServerHooks.NONE);
    }

    /**
     * Sends the message begun with {@link #begin}: frames it (BodyLength, CheckSum), stores it for resends, and calls
     * {@code beforeWrite.reportSending()} with the encoded message complete, just before it is handed to the socket.
     */
    public void send(ServerHooks beforeWrite) {
        if (endReason != null) {
            throw new IllegalStateException("session ended: " + endReason);
        }
        int length = writer.frame();
        byte t0 = writer.bodyByte(3);
        byte t1 = writer.bodyByte(4);
        int typeKey = FixDictionary.key(t0, t1 == FixCodec.SOH ? 0 : t1);
        if (config.dictionary().isAdmin(typeKey)) {
            store.skip(nextSenderSeq);
        } else {
            store.put(nextSenderSeq, writer.buffer(), writer.start(), length);
        }
        nextSenderSeq++;
        beforeWrite.reportSending();
        write(writer.buffer(), writer.start(), length);
    }

    private void write(DirectBuffer bytes, int offset, int length) {
        try {
            if (out.position() + length > out.capacity()) {
                flush();
                long deadline = System.nanoTime() + 1_000_000_000L;
                while (out.position() + length > out.capacity()) {
                    if (System.nanoTime() > deadline) {
                        end("send buffer full for 1 s: the peer is not reading");
                        throw new IllegalStateException("session ended: " + endReason);
                    }
                    Thread.onSpinWait();
                    flush();
                }
            }
            outBuffer.putBytes(out.position(), bytes, offset, length);
            out.position(out.position() + length);
            lastSentMillis = clock.time();
            flush();
        } catch (IOException e) {
            end("cannot send: " + e.getMessage());
            throw new IllegalStateException("session ended: " + endReason);
        }
    }

    private void flush() throws IOException {
        if (out.position() == 0) {
            return;
        }
        out.flip();
        channel.write(out);
        out.compact();
    }

    // ------------------------------------------------------------------ receiving

    /** Reads, handles what arrived, keeps the session alive. Returns whether any bytes arrived. */
    public boolean poll() {
        if (endReason != null) {
            return false;
        }
        int read;
        try {
            flush();
            read = channel.read(in);
        } catch (IOException e) {
            end("connection lost: " + e.getMessage());
            return false;
        }
        if (read < 0) {
            end(logoutSent ? "logged out" : "the peer closed the connection");
            return false;
        }
        try {
            if (read > 0) {
                lastReceivedMillis = clock.time();
                testRequestsSent = 0;
                handleInput();
            }
            timers();
        } catch (RuntimeException e) {
            // a send that found the session gone has already ended it; anything else ends it here, with the reason,
            // rather than killing the thread that serves it
            if (endReason == null) {
                end("error while handling input: " + e);
            }
        }
        return read > 0;
    }

    private void handleInput() {
        int position = 0;
        int limit = in.position();
        if (skipBytes > 0) {
            int skipped = (int) Math.min(skipBytes, limit);
            skipBytes -= skipped;
            position = skipped;
        }
        while (position < limit && endReason == null) {
            int result = codec.frameUnchecked(inBuffer, position, limit - position); // CheckSum: in handleOne
            if (result > 0) {
                handle(inBuffer, position, result);
                position += result;
            } else if (result == FixCodec.INCOMPLETE) {
                int next = nextBeginString(position + 1, limit);
                if (next < 0) {
                    break;
                }
                garbled++; // truncated: another message starts before this one's BodyLength is reached
                log.accept("ignored a truncated message");
                position = next;
            } else if (result == FixCodec.TOO_LARGE && codec.errorTag() == 9 && declaredLength(position, limit) > 0) {
                long total = declaredLength(position, limit);
                rejectOversize(position, limit, total);
                if (endReason != null) {
                    return;
                }
                long available = limit - position;
                if (total <= available) {
                    position += (int) total;
                } else {
                    skipBytes = total - available;
                    position = limit;
                }
            } else {
                if (result == FixCodec.GARBLED && codec.errorTag() == 8 && isOtherBeginString(position, limit)) {
                    if (logonReceived) {
                        logout("Incorrect BeginString");
                    }
                    end("Incorrect BeginString");
                    return;
                }
                garbled++;
                log.accept("ignored a garbled message (" + FixCodec.describe(result) + ")");
                position = resync(position + 1, limit);
            }
        }
        if (endReason != null) {
            return;
        }
        // keep the unread tail at the start of the buffer
        int remaining = limit - position;
        if (remaining > 0 && position > 0) {
            inBuffer.putBytes(0, inBuffer, position, remaining);
        }
        in.position(remaining);
    }

    /**
     * A message longer than maxMessageBytes is never held whole, so it is judged by its header, which is in the bytes
     * at hand: if it carries the MsgSeqNum expected next, it is rejected (SessionRejectReason 99, Other, with the
     * size in Text) and its number is used up, as for any rejected message, so the peer does not resend it forever
     * and the messages after it are not held up; otherwise (no header, another number, before Logon) it is ignored
     * as garbled and the next message's number says what is missing. Its CheckSum cannot be verified.
     */
    private void rejectOversize(int position, int limit, long total) {
        String size = "Message too large: " + total + " bytes, maxMessageBytes is " + config.maxMessageBytes();
        int end = (int) Math.min(limit, position + (long) config.maxMessageBytes());
        int lastSoh = end - 1;
        while (lastSoh > position && inBuffer.getByte(lastSoh) != FixCodec.SOH) {
            lastSoh--;
        }
        long seq = lastSoh > position && message.index(inBuffer, position, lastSoh + 1 - position, null) >= 0
                ? message.longValue(34) : -1;
        if (logonReceived && seq == nextTargetSeq && message.typeKey() != LOGON
                && message.typeKey() != SEQUENCE_RESET) {
            reject(message, Validator.OTHER, 0, size);
            drainQueue();
        } else {
            garbled++;
            log.accept("ignored a message " + (seq > 0 ? "with MsgSeqNum " + seq + " (expected " + nextTargetSeq
                    + ") " : "") + "of " + total + " bytes: larger than maxMessageBytes " + config.maxMessageBytes());
        }
    }

    /** For a message too large to frame: its total length from BodyLength, or -1. */
    private long declaredLength(int position, int limit) {
        int i = position + FixCodec.BEGIN.length;
        long bodyLength = 0;
        while (i < limit && inBuffer.getByte(i) != FixCodec.SOH) {
            byte b = inBuffer.getByte(i);
            if (b < '0' || b > '9') {
                return -1;
            }
            bodyLength = bodyLength * 10 + (b - '0');
            i++;
        }
        return i < limit ? (i + 1 - position) + bodyLength + 7 : -1;
    }

    private boolean isOtherBeginString(int position, int limit) {
        byte[] prefix = {'8', '=', 'F', 'I', 'X'};
        if (limit - position < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (inBuffer.getByte(position + k) != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    private static final byte[] BEGIN_STRING = {'8', '=', 'F', 'I', 'X'};

    /** Where the next message may start after garbage: the next "8=FIX", or the tail that could begin one. */
    private int resync(int from, int limit) {
        for (int i = from; i < limit; i++) {
            int k = 0;
            while (k < BEGIN_STRING.length && i + k < limit && inBuffer.getByte(i + k) == BEGIN_STRING[k]) {
                k++;
            }
            if (k == BEGIN_STRING.length || i + k == limit) {
                return i;
            }
        }
        return limit;
    }

    /** The start of a complete "8=FIX.4.4<SOH>9=" in [from, limit), or -1. */
    private int nextBeginString(int from, int limit) {
        byte[] begin = FixCodec.BEGIN;
        for (int i = from; i + begin.length <= limit; i++) {
            int k = 0;
            while (k < begin.length && inBuffer.getByte(i + k) == begin[k]) {
                k++;
            }
            if (k == begin.length) {
                return i;
            }
        }
        return -1;
    }

    private void timers() {
        long now = clock.time();
        if (logoutSent) {
            if (now > logoutDeadline) {
                end("no Logout answer within " + config.logoutTimeoutMillis() + " ms");
            }
            return;
        }
        if (!logonReceived) {
            if (now > logonDeadline) {
                end("no Logon within " + config.logonTimeoutMillis() + " ms");
            }
            return;
        }
        if (now - lastSentMillis >= heartBtMillis) {
            begin(HEARTBEAT);
            send();
        }
        long silence = now - lastReceivedMillis;
        if (silence >= heartBtMillis * (testRequestsSent + 1) * 6 / 5) {
            if (testRequestsSent == 0) {
                begin(TEST_REQUEST).stringField(112, "TEST");
                send();
                testRequestsSent = 1;
                log.accept("sent a TestRequest after " + silence + " ms without input");
            } else {
                end("Timed out waiting for heartbeat");
            }
        }
    }

    // ------------------------------------------------------------------ one message

    private void handle(DirectBuffer buffer, int offset, int length) {
        handleOne(buffer, offset, length);
        drainQueue();
    }

    private void handleOne(DirectBuffer buffer, int offset, int length) {
        if (message.index(buffer, offset, length, config.dictionary()) < 0) {
            garbled++;
            log.accept("ignored a garbled message (fields do not parse or do not start 8, 9, 35)");
            return;
        }
        if (!message.checksumMatches()) {
            garbled++;
            log.accept("ignored a message with an incorrect CheckSum");
            return;
        }
        int type = message.typeKey();
        if (!logonReceived && type != LOGON) {
            end("first message was not a Logon (MsgType " + message.text(35) + ")");
            return;
        }
        long seq = message.longValue(34);
        if (seq <= 0) {
            if (type == LOGON) {
                end("Logon without a valid MsgSeqNum");
            } else {
                reject(message, seq == -1 ? Validator.REQUIRED_TAG_MISSING : Validator.INCORRECT_DATA_FORMAT, 34, null);
            }
            return;
        }
        if (type == LOGON && !logonReceived && message.isFlag(141, 'Y')) {
            nextTargetSeq = 1;
            if (config.acceptor()) {
                nextSenderSeq = 1;
                store.clear();
            }
        }
        if (config.validate() && !validator.validate(message)) {
            if (type == LOGON) {
                end("Invalid Logon message: " + Validator.describe(validator.reason()) + ", field="
                        + validator.refTag());
            } else {
                reject(message, validator.reason(), validator.refTag(), null);
            }
            return;
        } else if (!config.validate() && !hasHeader()) {
            return;
        }
        if (!isGoodTime(message)) {
            if (type == LOGON) {
                logoutAndEnd("SendingTime accuracy problem, field=52");
            } else {
                reject(message, Validator.SENDING_TIME_ACCURACY, 52, null);
                logout("SendingTime accuracy problem, field=52");
            }
            return;
        }
        if (!message.valueEquals(49, targetCompId) || !message.valueEquals(56, senderCompId)) {
            if (type == LOGON) {
                logoutAndEnd("CompID problem");
            } else {
                reject(message, Validator.COMPID_PROBLEM, 0, null);
                logout("CompID problem");
            }
            return;
        }
        if (type == LOGON) {
            onLogon(seq);
            return;
        }
        if (type == SEQUENCE_RESET && !message.isFlag(123, 'Y')) {
            sequenceReset(false);
            return;
        }
        if (type == RESEND_REQUEST) {
            resend();
        }
        if (seq > nextTargetSeq) {
            if (type != RESEND_REQUEST) {
                enqueue(buffer, offset, length);
            }
            requestResend(seq);
            return;
        }
        if (seq < nextTargetSeq) {
            if (!message.isFlag(43, 'Y')) {
                String text = "MsgSeqNum too low, expecting " + nextTargetSeq + " but received " + seq;
                logoutAndEnd(text);
            } else {
                validatePossDup();
            }
            return;
        }
        if (message.isFlag(43, 'Y') && !validatePossDup()) {
            return;
        }
        if (resendTarget != 0 && seq >= resendTarget) {
            log.accept("resend satisfied up to " + resendTarget);
            resendTarget = 0;
        }
        dispatch(type);
    }

    /** The header fields the session needs, when the dictionary does not check them. */
    private boolean hasHeader() {
        for (int tag : SESSION_HEADER) {
            if (!message.has(tag)) {
                if (message.typeKey() == LOGON) {
                    end("Invalid Logon message: Required tag missing, field=" + tag);
                } else {
                    reject(message, Validator.REQUIRED_TAG_MISSING, tag, null);
                }
                return false;
            }
        }
        return true;
    }

    private void dispatch(int type) {
        if (type == HEARTBEAT || type == REJECT) {
            nextTargetSeq++;
        } else if (type == TEST_REQUEST) {
            FixWriter w = begin(HEARTBEAT);
            int k = message.find(112);
            if (k >= 0) {
                w.rawField(112, message.buffer(), message.start(k), message.length(k));
            }
            send();
            nextTargetSeq++;
        } else if (type == RESEND_REQUEST) {
            nextTargetSeq++;
        } else if (type == SEQUENCE_RESET) {
            sequenceReset(true);
        } else if (type == LOGOUT) {
            nextTargetSeq++;
            if (logoutSent) {
                end("logged out");
            } else {
                log.accept("Logout received: " + message.text(58));
                begin(LOGOUT);
                send();
                logoutSent = true;
                end("logged out by the peer" + (message.has(58) ? ": " + message.text(58) : ""));
            }
        } else if (config.dictionary().isAdmin(type)) {
            nextTargetSeq++;
        } else {
            nextTargetSeq++;
            if (!application.onMessage(this, message)) {
                businessReject(message);
            }
        }
    }

    private void onLogon(long seq) {
        if (logonReceived) {
            reject(message, Validator.OTHER, 0, "Logon already received");
            return;
        }
        long heartBtInt = message.longValue(108);
        if (heartBtInt < 0) {
            end("Invalid Logon message: HeartBtInt (108) missing or not a number");
            return;
        }
        if (seq < nextTargetSeq) {
            logoutAndEnd("MsgSeqNum too low, expecting " + nextTargetSeq + " but received " + seq);
            return;
        }
        logonReceived = true;
        if (config.acceptor()) {
            heartBtMillis = heartBtInt * 1000;
            FixWriter w = begin(LOGON);
            w.charField(98, (byte) '0').longField(108, heartBtInt);
            if (message.isFlag(141, 'Y')) {
                w.charField(141, (byte) 'Y');
            }
            send();
            logonSent = true;
        } else if (!logonSent) {
            end("Received logon response before sending request");
            return;
        }
        if (heartBtMillis == 0) {
            heartBtMillis = Long.MAX_VALUE / 64; // HeartBtInt=0: no heartbeats
        }
        if (seq > nextTargetSeq) {
            requestResend(seq);
        } else {
            nextTargetSeq++;
        }
        application.onLogon(this);
    }

    private void logoutAndEnd(String text) {
        if (!logoutSent) {
            FixWriter w = begin(LOGOUT);
            w.stringField(58, text);
            send();
            logoutSent = true;
        }
        end(text);
    }

    private boolean isGoodTime(FixMessage m) {
        int k = m.find(52);
        if (k < 0) {
            return false;
        }
        long sent = UtcTime.parse(m.buffer(), m.start(k), m.length(k));
        return sent != UtcTime.INVALID && Math.abs(clock.time() - sent) / 1000 <= config.maxLatencySeconds();
    }

    /** PossDupFlag=Y: OrigSendingTime required and not after SendingTime (not checked on SequenceReset). */
    private boolean validatePossDup() {
        if (message.typeKey() == SEQUENCE_RESET) {
            return true;
        }
        int k = message.find(122);
        if (k < 0) {
            reject(message, Validator.REQUIRED_TAG_MISSING, 122, null);
            return false;
        }
        int s = message.find(52);
        long original = UtcTime.parse(message.buffer(), message.start(k), message.length(k));
        long sending = UtcTime.parse(message.buffer(), message.start(s), message.length(s));
        if (original == UtcTime.INVALID) {
            reject(message, Validator.INCORRECT_DATA_FORMAT, 122, null);
            return false;
        }
        if (original > sending) {
            reject(message, Validator.SENDING_TIME_ACCURACY, 122, null);
            logout("SendingTime accuracy problem, field=122");
            return false;
        }
        return true;
    }

    private void sequenceReset(boolean gapFill) {
        long newSeqNo = message.longValue(36);
        if (newSeqNo <= 0) {
            reject(message, Validator.REQUIRED_TAG_MISSING, 36, null);
            return;
        }
        if (newSeqNo > nextTargetSeq) {
            log.accept((gapFill ? "gap fill" : "sequence reset") + ": next expected " + nextTargetSeq + " -> " + newSeqNo);
            nextTargetSeq = newSeqNo;
            if (resendTarget != 0 && newSeqNo > resendTarget) {
                resendTarget = 0;
            }
        } else if (newSeqNo < nextTargetSeq) {
            reject(message, Validator.VALUE_INCORRECT, 36, null);
        }
    }

    private void requestResend(long seq) {
        if (resendTarget != 0) {
            resendTarget = Math.max(resendTarget, seq); // already asked for everything from the gap on (16=0)
            return;
        }
        log.accept("MsgSeqNum too high, expecting " + nextTargetSeq + " but received " + seq + ": ResendRequest");
        begin(RESEND_REQUEST).longField(7, nextTargetSeq).longField(16, 0);
        send();
        resendTarget = seq;
    }

    /** Answers a ResendRequest: stored application messages again (PossDupFlag=Y), gap fills over everything else. */
    private void resend() {
        long begin = message.longValue(7);
        long end = message.longValue(16);
        long last = nextSenderSeq - 1;
        if (begin <= 0 || end < 0) {
            reject(message, Validator.REQUIRED_TAG_MISSING, begin <= 0 ? 7 : 16, null);
            return;
        }
        if (end == 0 || end > last) {
            end = last;
        }
        long gapStart = 0;
        for (long seq = begin; seq <= end && endReason == null; seq++) {
            int offset = store.offset(seq);
            if (offset < 0) {
                if (!store.isAdmin(seq)) {
                    evictedResends++; // an application message no longer in the ring: gap-filled, not resent
                }
                if (gapStart == 0) {
                    gapStart = seq;
                }
                continue;
            }
            if (gapStart != 0) {
                gapFill(gapStart, seq);
                gapStart = 0;
            }
            resendStored(seq, offset);
        }
        if (gapStart != 0) {
            gapFill(gapStart, end + 1);
        }
    }

    private void gapFill(long seq, long newSeqNo) {
        header(SEQUENCE_RESET, seq, true);
        int at = writer.beginField(122);
        writer.endField(UtcTime.format(clock.time(), writer.buffer(), at));
        writer.bytesField(123, YES).longField(36, newSeqNo);
        int length = writer.frame();
        write(writer.buffer(), writer.start(), length);
    }

    private void resendStored(long seq, int offset) {
        int length = store.length(seq);
        if (stored.index(store.buffer(), offset, length, config.dictionary()) < 0) {
            evictedResends++; // cannot happen for what this session wrote; gap-filled rather than resent garbled
            gapFill(seq, seq + 1);
            return;
        }
        header(stored.typeKey(), seq, true);
        int k = stored.find(52);
        writer.rawField(122, stored.buffer(), stored.start(k), stored.length(k));
        FixDictionary d = config.dictionary();
        for (int f = 0; f < stored.count(); f++) {
            int tag = stored.tag(f);
            if (!d.header().allows(tag) && !d.trailer().allows(tag)) {
                writer.rawField(tag, stored.buffer(), stored.start(f), stored.length(f));
            }
        }
        int frameLength = writer.frame();
        write(writer.buffer(), writer.start(), frameLength);
    }

    // ------------------------------------------------------------------ queue of messages above a gap

    private void enqueue(DirectBuffer buffer, int offset, int length) {
        if (queueRead == queueWrite) {
            queueRead = 0;
            queueWrite = 0;
        }
        if (queueWrite + 4 + length > queue.capacity()) {
            log.accept("queue full: message dropped (the resend will bring it again)");
            return;
        }
        queue.putInt(queueWrite, length);
        queue.putBytes(queueWrite + 4, buffer, offset, length);
        queueWrite += 4 + length;
    }

    private void drainQueue() {
        if (draining) {
            return;
        }
        draining = true;
        try {
            drainInOrder();
        } finally {
            draining = false;
        }
    }

    private void drainInOrder() {
        while (queueRead < queueWrite && endReason == null) {
            int length = queue.getInt(queueRead);
            if (stored.index(queue, queueRead + 4, length, config.dictionary()) < 0) {
                queueRead += 4 + length;
                continue;
            }
            long seq = stored.longValue(34);
            if (seq > nextTargetSeq) {
                return;
            }
            replay.putBytes(0, queue, queueRead + 4, length);
            queueRead += 4 + length;
            if (seq == nextTargetSeq) {
                handleOne(replay, 0, length);
            }
        }
    }

    // ------------------------------------------------------------------ rejects

    /** A session-level Reject (35=3) for {@code m}: RefSeqNum, RefMsgType, SessionRejectReason, RefTagID, Text. */
    void reject(FixMessage m, int reason, int refTag, String text) {
        long seq = m.longValue(34);
        FixWriter w = begin(REJECT);
        if (seq > 0) {
            w.longField(45, seq);
        }
        int k = m.find(35);
        if (k >= 0 && m.length(k) > 0) {
            w.rawField(372, m.buffer(), m.start(k), m.length(k));
        }
        w.longField(373, reason);
        if (refTag > 0) {
            w.longField(371, refTag);
        }
        w.stringField(58, text != null ? text : Validator.describe(reason));
        send();
        rejectsSent++;
        log.accept("Reject sent for message " + seq + ": " + (text != null ? text : Validator.describe(reason))
                + (refTag > 0 ? ", field=" + refTag : ""));
        if (m.typeKey() != LOGON && m.typeKey() != SEQUENCE_RESET && seq == nextTargetSeq) {
            nextTargetSeq++;
        }
    }

    private void businessReject(FixMessage m) {
        FixWriter w = begin(key('j'));
        w.longField(45, m.longValue(34));
        int k = m.find(35);
        w.rawField(372, m.buffer(), m.start(k), m.length(k));
        w.charField(380, (byte) '3').stringField(58, "Unsupported Message Type");
        send();
        rejectsSent++;
        log.accept("BusinessMessageReject sent for message " + m.longValue(34) + ": Unsupported Message Type");
    }
}
