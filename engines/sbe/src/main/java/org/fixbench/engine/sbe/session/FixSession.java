package org.fixbench.engine.sbe.session;

import java.io.IOException;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochClock;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.sbe.codec.FixFramer;
import org.fixbench.engine.sbe.codec.FixMessage;
import org.fixbench.engine.sbe.codec.FixWriter;
import org.fixbench.engine.sbe.codec.MsgTypes;
import org.fixbench.engine.sbe.codec.RejectReason;
import org.fixbench.engine.sbe.codec.Tags;
import org.fixbench.engine.sbe.codec.UtcTime;
import org.fixbench.engine.sbe.codec.UtcTimeReader;
import org.fixbench.engine.sbe.dictionary.Validator;

/**
 * One FIX 4.4 session on one connection, driven by one thread calling {@link #poll(long)} with the time: the state
 * machine of the session layer (Logon, Heartbeat/TestRequest, sequence numbers with ResendRequest and a queue,
 * resends from the store with gap fills, SequenceReset, PossDupFlag/OrigSendingTime, SendingTime accuracy,
 * CompIDs, Reject, Logout handshake). Its parts: a {@link SessionReader} reads the connection and cuts the input
 * into messages; {@link #handleOne} checks what every message must pass (index, CheckSum, first a Logon, MsgSeqNum,
 * the dictionary, header, SendingTime, CompIDs) and calls one method per message type ({@code onLogon},
 * {@code onLogout}, {@code onSequenceReset}, {@code onResendRequest}, {@code onReject}, {@code onHeartbeat},
 * {@code onTestRequest}, {@code onOther}); the {@link SessionState} says where the session is; a
 * {@link SessionProxy} writes every administrative message, over a {@link SessionSender} that owns the output, the
 * outgoing numbers and the store; an {@link InboundQueue} holds messages above a gap. Application messages go to an
 * {@link Application}, in order. Behaviour and texts follow a QuickFIX/J 2.3 session with its defaults, so logs
 * and answers of either read alike.
 *
 * <p>What lives beyond one connection (the numbers and the store) is a {@link SessionRecord}. An initiator has
 * its own; an acceptor's connection gets its record from a {@link Binder} once a Logon passes every check, so a
 * connection that fails them (or claims a session another connection holds) cannot disturb the real session.
 *
 * <p>Allocation-free for in-order traffic; error paths (rejects, logouts, events) may allocate.
 */
public final class FixSession implements FixFramer.Handler, SessionProxy.Outbox {

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

    /** For an acceptor: the session record a Logon that passed every check may take. */
    public interface Binder {
        /** The record for this connection, or null when another live connection holds the session. */
        SessionRecord claim(FixSession session);

        /** The connection ended; the record is free again. */
        void release(FixSession session, SessionRecord record);
    }

    private static final int[] SESSION_HEADER = {Tags.SENDER_COMP_ID, Tags.TARGET_COMP_ID, Tags.SENDING_TIME};
    private static final long NOT_A_NUMBER = Long.MIN_VALUE;

    private final SessionConfig config;
    private final Application application;
    private final EpochClock clock;
    private final Consumer<String> log;
    private final BadInputLog badInput;
    private final ByteChannel channel;
    private final Binder binder;
    private final byte[] senderCompId;
    private final byte[] targetCompId;
    private final SessionReader reader;
    private final FixMessage message;
    private final FixMessage queued;
    private final Validator validator;
    private final UtcTimeReader sendingTime = new UtcTimeReader();
    private final SessionSender sender;
    private final SessionProxy proxy;
    private final InboundQueue queue;
    private boolean draining;

    /** Until a Logon binds this connection to its session, the numbers of a scratch record (never the real one). */
    private SessionRecord record;
    private boolean bound;
    private SessionState state = SessionState.AWAITING_LOGON;
    private long now;
    private long heartBtMillis;
    private long logoutDeadline;
    private final long logonDeadline;
    private long lastReceivedMillis;
    private int testRequestsSent;
    private long resendTarget;
    private EndReason endKind;
    private String endReason;
    private long garbled;
    private long rejectsSent;
    private long evictedResends;

    /** An initiator (or a session that owns its record): {@code record} holds its numbers and store. */
    public FixSession(SessionConfig config, ByteChannel channel, Application application, EpochClock clock,
                      Consumer<String> log, SessionRecord record) {
        this(config, channel, application, clock, log, record, null);
    }

    /** An acceptor's connection: its record comes from {@code binder} at Logon. */
    public FixSession(SessionConfig config, ByteChannel channel, Application application, EpochClock clock,
                      Consumer<String> log, Binder binder) {
        this(config, channel, application, clock, log, new SessionRecord(64 * 1024, 64), binder);
    }

    private FixSession(SessionConfig config, ByteChannel channel, Application application, EpochClock clock,
                       Consumer<String> log, SessionRecord record, Binder binder) {
        this.config = config;
        this.channel = channel;
        this.application = application;
        this.clock = clock;
        this.log = log == null ? text -> { } : log;
        this.badInput = new BadInputLog(this.log, config.badInputLogPerSecond());
        this.binder = binder;
        this.record = record;
        this.bound = binder == null;
        senderCompId = config.senderCompId().getBytes(StandardCharsets.US_ASCII);
        targetCompId = config.targetCompId().getBytes(StandardCharsets.US_ASCII);
        // a field takes at least 4 bytes ("1=x" and SOH): this many always index, so no message is dropped for size
        int maxFields = config.maxMessageBytes() / 4 + 2;
        message = new FixMessage(maxFields);
        queued = new FixMessage(maxFields);
        validator = new Validator(config.dictionary());
        now = clock.time();
        sender = new SessionSender(config, channel, record, now);
        proxy = new SessionProxy(this, sender, config.dictionary(), maxFields);
        int buffer = Math.max(config.bufferBytes(), 4 * config.maxMessageBytes());
        reader = new SessionReader(buffer, config.maxMessageBytes());
        queue = new InboundQueue(buffer, config.maxMessageBytes());
        heartBtMillis = config.heartBtIntSeconds() * 1000L;
        lastReceivedMillis = now;
        logonDeadline = now + config.logonTimeoutMillis();
    }

    public SessionState state() {
        return state;
    }

    public boolean isLoggedOn() {
        return state == SessionState.LOGGED_ON;
    }

    /** Why the session ended, or null while it runs. */
    public String endReason() {
        return endReason;
    }

    /** The kind of {@link #endReason()}, or null while the session runs. */
    public EndReason endKind() {
        return endKind;
    }

    public long nextSenderSeq() {
        return record.nextSenderSeq;
    }

    public long nextTargetSeq() {
        return record.nextTargetSeq;
    }

    /** Whether bytes still to come belong to a too-large message being skipped. */
    public boolean skipping() {
        return reader.skipping();
    }

    /**
     * Messages ignored as garbled (framing, BodyLength, CheckSum, size), rejects sent, and application messages a
     * ResendRequest asked for that had left the store (gap-filled instead); logged when the session ends.
     */
    public Counters counters() {
        return new Counters(garbled, rejectsSent, evictedResends);
    }

    /** See {@link #counters()}; its text is the one logged. */
    public record Counters(long garbled, long rejectsSent, long evictedResends) {
        @Override
        public String toString() {
            return "garbled=" + garbled + " rejects=" + rejectsSent + " evictedResends=" + evictedResends;
        }
    }

    // ------------------------------------------------------------------ initiator

    /** Initiator: sends Logon (with ResetSeqNumFlag=Y when asked: both sides start again at 1). */
    public void sendLogon(boolean reset) {
        now = clock.time();
        if (reset) {
            record.reset();
        }
        proxy.logon(config.heartBtIntSeconds(), reset);
        if (state.beforeLogon()) {
            state = reset ? SessionState.LOGON_SENT_WITH_RESET : SessionState.LOGON_SENT;
        }
    }

    /** Starts a Logout: sends it and ends the session when the answer comes or the logout timeout passes. */
    public void logout(String text) {
        if (state == SessionState.ENDED || state == SessionState.LOGOUT_SENT) {
            return;
        }
        now = clock.time();
        sendLogout(text);
    }

    private void sendLogout(String text) {
        proxy.logout(text);
        state = SessionState.LOGOUT_SENT;
        logoutDeadline = now + config.logoutTimeoutMillis();
    }

    /** Ends the session now: closes the connection and tells the application once. */
    public void end(String reason) {
        end(EndReason.CLOSED, reason);
    }

    /** Ends the session now, for {@code kind} ({@code detail} may add to its words). */
    public void end(EndReason kind, String detail) {
        if (state == SessionState.ENDED) {
            return;
        }
        state = SessionState.ENDED;
        endKind = kind;
        endReason = detail == null || detail.isEmpty() ? kind.text() : detail;
        try {
            sender.flush();
        } catch (IOException ignored) {
            // the peer may be gone already
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        if (bound && config.resetOnDisconnect()) {
            record.reset();
        }
        if (bound && binder != null) {
            binder.release(this, record);
        }
        badInput.flush();
        log.accept("session ended: " + endReason + " (" + counters() + ")");
        application.onEnd(this, endReason);
    }

    // ------------------------------------------------------------------ sending

    /** The clock's time of the current poll (the one the messages being handled were read in), in epoch ms. */
    @Override
    public long nowMillis() {
        return now;
    }

    /**
     * Starts an outgoing message: the header (MsgType, CompIDs, MsgSeqNum, SendingTime); add the body, then
     * {@link #send()}.
     */
    @Override
    public FixWriter begin(int typeKey) {
        return sender.begin(typeKey, now);
    }

    /** Frames the message begun with {@link #begin}, keeps it for resends if it is an application message, sends it. */
    @Override
    public void send() {
        send(ServerHooks.NONE);
    }

    /**
     * Sends the message begun with {@link #begin}: frames it (BodyLength, CheckSum), stores it for resends, and calls
     * {@code beforeWrite.reportSending()} with the encoded message complete, just before it is handed to the socket.
     */
    public void send(ServerHooks beforeWrite) {
        if (state == SessionState.ENDED) {
            throw new IllegalStateException("session ended: " + endReason);
        }
        try {
            sender.send(beforeWrite, now);
        } catch (SessionSender.SendFailed e) {
            end(EndReason.SEND_FAILED, e.getMessage());
            throw new IllegalStateException("session ended: " + endReason);
        }
    }

    // ------------------------------------------------------------------ receiving

    /** Reads, handles what arrived, keeps the session alive, at the clock's time. */
    public boolean poll() {
        return poll(clock.time());
    }

    /** Reads, handles what arrived and runs the timers as of {@code nowMillis}. Returns whether any bytes arrived. */
    public boolean poll(long nowMillis) {
        if (state == SessionState.ENDED) {
            return false;
        }
        now = nowMillis;
        int read;
        try {
            sender.flush();
            read = reader.read(channel);
        } catch (IOException e) {
            end(EndReason.CONNECTION_LOST, "connection lost: " + e.getMessage());
            return false;
        }
        if (read < 0) {
            end(state == SessionState.LOGOUT_SENT ? EndReason.LOGGED_OUT : EndReason.PEER_CLOSED, null);
            return false;
        }
        try {
            if (read > 0) {
                reader.frame(this);
                if (state == SessionState.ENDED) {
                    return true;
                }
            }
            timers();
        } catch (SessionSender.SendFailed e) {
            end(EndReason.SEND_FAILED, e.getMessage());
        } catch (IllegalStateException e) {
            // a send that found the session gone has already ended it
            if (state != SessionState.ENDED) {
                end(EndReason.ERROR, "error while handling input: " + e);
            }
        } catch (RuntimeException e) {
            // anything else ends the session here, with the reason, rather than killing the thread that serves it
            end(EndReason.ERROR, "error while handling input: " + e);
        }
        return read > 0;
    }

    // ------------------------------------------------------------------ what the framer finds

    @Override
    public boolean active() {
        return state != SessionState.ENDED;
    }

    @Override
    public void onMessage(DirectBuffer buffer, int offset, int length) {
        handleOne(buffer, offset, length);
        drainQueue();
    }

    @Override
    public void onGarbled(FixFramer.Garble kind) {
        garbled++;
        badInput.accept(now, "ignored " + switch (kind) {
            case TRUNCATED -> "a truncated message";
            case BAD_BODY_LENGTH -> "a message whose BodyLength does not lead to its CheckSum";
            case NOT_A_MESSAGE -> "bytes that do not start a FIX.4.4 message";
        });
    }

    @Override
    public void onOtherBeginString() {
        if (state == SessionState.LOGGED_ON) {
            sendLogout("Incorrect BeginString");
        }
        end(EndReason.INCORRECT_BEGIN_STRING, null);
    }

    /**
     * A message longer than maxMessageBytes is never held whole, so it is judged by its header: if it carries the
     * MsgSeqNum expected next, it is rejected (SessionRejectReason 99, Other, with the size in Text) and its number
     * is used up, as for any rejected message, so the peer does not resend it forever and the messages after it
     * are not held up; otherwise it is ignored as garbled and the next message's number says what is missing. Its
     * CheckSum cannot be verified.
     */
    @Override
    public void onTooLarge(DirectBuffer buffer, int offset, int headerLength, long totalLength) {
        String size = "Message too large: " + totalLength + " bytes, maxMessageBytes is " + config.maxMessageBytes();
        long seq = headerLength > 0 && message.index(buffer, offset, headerLength, null) >= 0
                ? message.longValue(Tags.MSG_SEQ_NUM) : -1;
        if (state == SessionState.LOGGED_ON && seq == record.nextTargetSeq && message.typeKey() != MsgTypes.LOGON
                && message.typeKey() != MsgTypes.SEQUENCE_RESET) {
            reject(message, RejectReason.OTHER, 0, size);
            drainQueue();
        } else {
            garbled++;
            badInput.accept(now, "ignored a message " + (seq > 0 ? "with MsgSeqNum " + seq + " (expected "
                    + record.nextTargetSeq + ") " : "") + "of " + totalLength + " bytes: larger than maxMessageBytes "
                    + config.maxMessageBytes());
        }
    }

    // ------------------------------------------------------------------ timers

    private void timers() {
        if (state == SessionState.LOGOUT_SENT) {
            if (now > logoutDeadline) {
                end(EndReason.LOGOUT_TIMEOUT, "no Logout answer within " + config.logoutTimeoutMillis() + " ms");
            }
            return;
        }
        if (state.beforeLogon()) {
            if (now > logonDeadline) {
                end(EndReason.LOGON_TIMEOUT, "no Logon within " + config.logonTimeoutMillis() + " ms");
            }
            return;
        }
        long silence = now - lastReceivedMillis;
        if (silence >= config.maxSilenceSeconds() * 1000L) {
            sendLogout("No message received for " + silence / 1000 + " s");
            end(EndReason.SILENCE, "nothing received for " + silence / 1000 + " s (maxSilenceSeconds "
                    + config.maxSilenceSeconds() + ")");
            return;
        }
        if (heartBtMillis <= 0) {
            return; // HeartBtInt=0: no heartbeats, only the silence bound above
        }
        if (now - sender.lastSentMillis() >= heartBtMillis) {
            proxy.heartbeat();
        }
        if (silence >= heartBtMillis * (testRequestsSent + 1) * 6 / 5) {
            if (testRequestsSent == 0) {
                proxy.testRequest("TEST");
                testRequestsSent = 1;
                log.accept("sent a TestRequest after " + silence + " ms without input");
            } else {
                end(EndReason.HEARTBEAT_TIMEOUT, null);
            }
        }
    }

    // ------------------------------------------------------------------ one message

    private void handleOne(DirectBuffer buffer, int offset, int length) {
        if (message.index(buffer, offset, length, config.dictionary()) < 0) {
            garbled++;
            badInput.accept(now, "ignored a garbled message (fields do not parse or do not start 8, 9, 35)");
            return;
        }
        if (!message.checksumMatches()) {
            garbled++;
            badInput.accept(now, "ignored a message with an incorrect CheckSum");
            return;
        }
        lastReceivedMillis = now; // a whole message: the peer is alive (bytes trickled in do not count)
        testRequestsSent = 0;
        int type = message.typeKey();
        if (state.beforeLogon() && type == MsgTypes.LOGOUT && !config.acceptor()) {
            end(EndReason.LOGGED_OUT_BY_PEER, "logged out by the peer before Logon"
                    + (message.has(Tags.TEXT) ? ": " + message.text(Tags.TEXT) : ""));
            return;
        }
        if (state.beforeLogon() && type != MsgTypes.LOGON) {
            end(EndReason.FIRST_MESSAGE_NOT_LOGON, "first message was not a Logon (MsgType " + message.text(35) + ")");
            return;
        }
        int seqField = message.find(Tags.MSG_SEQ_NUM);
        if (seqField < 0) {
            logoutAndEnd(EndReason.NO_MSG_SEQ_NUM, "Received message without MsgSeqNum");
            return;
        }
        long seq = signedValueAt(message, seqField);
        if (type == MsgTypes.LOGON) {
            long heartBtInt = signedValue(message, Tags.HEART_BT_INT);
            if (heartBtInt != NOT_A_NUMBER && heartBtInt < 0) {
                logoutAndEnd(EndReason.LOGON_REJECTED, "HeartBtInt must not be negative");
                return;
            }
        }
        if (config.validate() && !validator.validate(message)) {
            if (type == MsgTypes.LOGON) {
                logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: " + validator.text());
            } else {
                reject(message, validator.reason(), validator.refTag(), validator.text());
            }
            return;
        }
        if (seq == NOT_A_NUMBER) {
            if (type == MsgTypes.LOGON) {
                logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: "
                        + RejectReason.INCORRECT_DATA_FORMAT.textFor(Tags.MSG_SEQ_NUM));
            } else {
                reject(message, RejectReason.INCORRECT_DATA_FORMAT, Tags.MSG_SEQ_NUM,
                        RejectReason.INCORRECT_DATA_FORMAT.textFor(Tags.MSG_SEQ_NUM));
            }
            return;
        }
        if (!config.validate() && !hasHeader()) {
            return;
        }
        if (type == MsgTypes.LOGON) {
            onLogon(seq, offset, length, buffer);
            return;
        }
        if (state.beforeLogon()) {
            return; // (cannot happen: the first message is a Logon)
        }
        if (!isGoodTime(message)) {
            reject(message, RejectReason.SENDING_TIME_ACCURACY, Tags.SENDING_TIME, null);
            sendLogout(RejectReason.SENDING_TIME_ACCURACY.textFor(Tags.SENDING_TIME));
            return;
        }
        if (!isCorrectCompId()) {
            reject(message, RejectReason.COMPID_PROBLEM, 0, null);
            sendLogout(RejectReason.COMPID_PROBLEM.text());
            return;
        }
        switch (type) {
            case MsgTypes.LOGOUT -> onLogout(seq);
            case MsgTypes.SEQUENCE_RESET -> onSequenceReset(seq, buffer, offset, length);
            case MsgTypes.RESEND_REQUEST -> onResendRequest(seq, buffer, offset, length);
            case MsgTypes.REJECT -> onReject(seq);
            case MsgTypes.HEARTBEAT -> onHeartbeat(seq, buffer, offset, length);
            case MsgTypes.TEST_REQUEST -> onTestRequest(seq, buffer, offset, length);
            default -> onOther(type, seq, buffer, offset, length);
        }
    }

    // ------------------------------------------------------------------ one method per message (its checks passed)

    /** SequenceReset: a gap fill counts as any message; a reset applies whatever its MsgSeqNum. */
    private void onSequenceReset(long seq, DirectBuffer buffer, int offset, int length) {
        if (message.isFlag(Tags.GAP_FILL_FLAG, 'Y')) {
            if (inSequence(seq, buffer, offset, length)) {
                sequenceReset(true);
            }
        } else {
            sequenceReset(false);
        }
    }

    /**
     * ResendRequest: answered when it comes, whatever gap lies before it (a peer waiting for our messages must not
     * wait for its own); above the expected number it is also queued, to use up its number when its turn comes.
     */
    private void onResendRequest(long seq, DirectBuffer buffer, int offset, int length) {
        if (seq < record.nextTargetSeq && !tooLow(seq)) {
            return;
        }
        if (message.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup()) {
            return;
        }
        if (seq > record.nextTargetSeq) {
            enqueue(buffer, offset, length); // counted when the gap before it is filled
        }
        resend();
        if (seq == record.nextTargetSeq) {
            resendSatisfied(seq);
            record.nextTargetSeq++;
        }
    }

    /**
     * A session-level Reject from the peer: uses up its number when it is the expected one; one above asks for no
     * resend.
     */
    private void onReject(long seq) {
        if (seq < record.nextTargetSeq && !tooLow(seq)) {
            return;
        }
        if (message.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup()) {
            return;
        }
        if (seq == record.nextTargetSeq) {
            record.nextTargetSeq++;
        }
    }

    private void onHeartbeat(long seq, DirectBuffer buffer, int offset, int length) {
        if (inSequence(seq, buffer, offset, length)) {
            record.nextTargetSeq++;
        }
    }

    /** TestRequest: answered by a Heartbeat echoing its TestReqID. */
    private void onTestRequest(long seq, DirectBuffer buffer, int offset, int length) {
        if (inSequence(seq, buffer, offset, length)) {
            proxy.heartbeat(message);
            record.nextTargetSeq++;
        }
    }

    /** Any other message: an administrative one uses up its number; an application message goes up, in order. */
    private void onOther(int type, long seq, DirectBuffer buffer, int offset, int length) {
        if (!inSequence(seq, buffer, offset, length)) {
            return;
        }
        record.nextTargetSeq++;
        if (!config.dictionary().isAdmin(type) && !application.onMessage(this, message)) {
            proxy.businessReject(message);
            rejectsSent++;
            badInput.accept(now, "BusinessMessageReject sent for message " + message.longValue(Tags.MSG_SEQ_NUM)
                    + ": Unsupported Message Type");
        }
    }

    /**
     * QuickFIX/J's {@code verify} for a message whose number counts: too high, it is queued and the gap asked for;
     * too low, see {@link #tooLow}; a PossDup must carry a valid OrigSendingTime. True when it is the next one.
     */
    private boolean inSequence(long seq, DirectBuffer buffer, int offset, int length) {
        if (seq > record.nextTargetSeq) {
            enqueue(buffer, offset, length);
            requestResend(seq);
            return false;
        }
        if (seq < record.nextTargetSeq) {
            tooLow(seq);
            return false;
        }
        if (message.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup()) {
            return false;
        }
        resendSatisfied(seq);
        return true;
    }

    /** A number below the expected one: a PossDup is checked and ignored; anything else ends the session. */
    private boolean tooLow(long seq) {
        if (!message.isFlag(Tags.POSS_DUP_FLAG, 'Y')) {
            logoutAndEnd(EndReason.MSG_SEQ_NUM_TOO_LOW, "MsgSeqNum too low, expecting " + record.nextTargetSeq
                    + " but received " + seq);
        } else {
            validatePossDup();
        }
        return false;
    }

    private void resendSatisfied(long seq) {
        if (resendTarget != 0 && seq >= resendTarget) {
            log.accept("resend satisfied up to " + resendTarget);
            resendTarget = 0;
        }
    }

    /** The header fields the session needs, when the dictionary does not check them. */
    private boolean hasHeader() {
        for (int tag : SESSION_HEADER) {
            if (!message.has(tag)) {
                if (message.typeKey() == MsgTypes.LOGON) {
                    logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: "
                            + RejectReason.REQUIRED_TAG_MISSING.textFor(tag));
                } else {
                    reject(message, RejectReason.REQUIRED_TAG_MISSING, tag,
                            RejectReason.REQUIRED_TAG_MISSING.textFor(tag));
                }
                return false;
            }
        }
        return true;
    }

    /** A Logout is answered whatever its number (QuickFIX/J checks no sequence on it), then the session ends. */
    private void onLogout(long seq) {
        if (message.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup()) {
            return;
        }
        if (seq == record.nextTargetSeq) {
            record.nextTargetSeq++;
        }
        if (state == SessionState.LOGOUT_SENT) {
            end(EndReason.LOGGED_OUT, null);
            return;
        }
        log.accept("Received logout request" + (message.has(Tags.TEXT) ? ": " + message.text(Tags.TEXT) : ""));
        sendLogout(null);
        end(EndReason.LOGGED_OUT_BY_PEER, "logged out by the peer"
                + (message.has(Tags.TEXT) ? ": " + message.text(Tags.TEXT) : ""));
    }

    private void onLogon(long seq, int offset, int length, DirectBuffer buffer) {
        boolean reset = message.isFlag(Tags.RESET_SEQ_NUM_FLAG, 'Y');
        if (!state.beforeLogon() && !reset) {
            end(EndReason.LOGON_REJECTED, "Logon state is not valid for message (MsgType=A)");
            return;
        }
        if (!isGoodTime(message)) {
            logoutAndEnd(EndReason.SENDING_TIME_ACCURACY, "Invalid Logon message: "
                    + RejectReason.SENDING_TIME_ACCURACY.textFor(Tags.SENDING_TIME));
            return;
        }
        if (!isCorrectCompId()) {
            logoutAndEnd(EndReason.COMPID_PROBLEM, "Invalid Logon message: " + RejectReason.COMPID_PROBLEM.text());
            return;
        }
        long heartBtInt = signedValue(message, Tags.HEART_BT_INT);
        if (heartBtInt == NOT_A_NUMBER || heartBtInt < config.minHeartBtIntSeconds()
                || heartBtInt > config.maxHeartBtIntSeconds()) {
            logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: HeartBtInt "
                    + (heartBtInt == NOT_A_NUMBER ? "missing or not a number" : heartBtInt + " is outside "
                    + config.minHeartBtIntSeconds() + ".." + config.maxHeartBtIntSeconds() + " s"));
            return;
        }
        // every check passed: only now may the Logon touch the session's numbers
        if (!bound) {
            SessionRecord claimed = binder.claim(this);
            if (claimed == null) {
                end(EndReason.SESSION_ALREADY_LOGGED_ON, "Multiple logons/connections for this session are not "
                        + "allowed: the session is logged on from another connection");
                return;
            }
            record = claimed;
            bound = true;
            sender.bind(record);
        }
        boolean midSession = !state.beforeLogon();
        if (reset) {
            log.accept("Logon contains ResetSeqNumFlag=Y, resetting sequence numbers to 1");
            if (state != SessionState.LOGON_SENT_WITH_RESET) { // else reset when it was sent
                record.reset();
            }
            queue.clear();
            resendTarget = 0;
        } else if (config.acceptor() && config.resetOnLogon()) {
            record.reset();
        }
        if (seq < record.nextTargetSeq) {
            logoutAndEnd(EndReason.MSG_SEQ_NUM_TOO_LOW, "MsgSeqNum too low, expecting " + record.nextTargetSeq
                    + " but received " + seq);
            return;
        }
        if (config.acceptor()) {
            heartBtMillis = heartBtInt * 1000;
            proxy.logon(heartBtInt, reset);
        } else if (state == SessionState.AWAITING_LOGON) {
            end(EndReason.LOGON_REJECTED, "Received logon response before sending request");
            return;
        }
        state = SessionState.LOGGED_ON;
        if (seq > record.nextTargetSeq) {
            enqueue(buffer, offset, length); // counted when the gap before it is filled
            requestResend(seq);
        } else {
            record.nextTargetSeq++;
        }
        if (!midSession) {
            application.onLogon(this);
        }
    }

    private void logoutAndEnd(EndReason kind, String text) {
        if (state != SessionState.LOGOUT_SENT) {
            sendLogout(text);
        }
        end(kind, text);
    }

    private boolean isGoodTime(FixMessage m) {
        int k = m.find(Tags.SENDING_TIME);
        if (k < 0) {
            return false;
        }
        long sent = sendingTime.parse(m.buffer(), m.start(k), m.length(k));
        return sent != UtcTime.INVALID && Math.abs(now - sent) / 1000 <= config.maxLatencySeconds();
    }

    private boolean isCorrectCompId() {
        return message.valueEquals(Tags.SENDER_COMP_ID, targetCompId)
                && message.valueEquals(Tags.TARGET_COMP_ID, senderCompId);
    }

    /** PossDupFlag=Y: OrigSendingTime required and not after SendingTime (not checked on SequenceReset). */
    private boolean validatePossDup() {
        if (message.typeKey() == MsgTypes.SEQUENCE_RESET) {
            return true;
        }
        int k = message.find(Tags.ORIG_SENDING_TIME);
        if (k < 0) {
            reject(message, RejectReason.REQUIRED_TAG_MISSING, Tags.ORIG_SENDING_TIME, null);
            return false;
        }
        int s = message.find(Tags.SENDING_TIME);
        long original = UtcTime.parse(message.buffer(), message.start(k), message.length(k));
        long sending = UtcTime.parse(message.buffer(), message.start(s), message.length(s));
        if (original == UtcTime.INVALID) {
            reject(message, RejectReason.INCORRECT_DATA_FORMAT, Tags.ORIG_SENDING_TIME,
                    RejectReason.INCORRECT_DATA_FORMAT.textFor(Tags.ORIG_SENDING_TIME));
            return false;
        }
        if (original > sending) {
            reject(message, RejectReason.SENDING_TIME_ACCURACY, Tags.ORIG_SENDING_TIME, null);
            sendLogout(RejectReason.SENDING_TIME_ACCURACY.textFor(Tags.ORIG_SENDING_TIME));
            return false;
        }
        return true;
    }

    /**
     * SequenceReset: a gap fill (already in sequence) or a reset (whatever its MsgSeqNum). NewSeqNo above the
     * expected number moves it and drops queued messages below it; equal changes nothing; below is rejected
     * (Value is incorrect, on NewSeqNo). As QuickFIX/J, a Reject of a SequenceReset does not use up its number.
     */
    private void sequenceReset(boolean gapFill) {
        if (message.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup()) {
            return;
        }
        long newSeqNo = message.longValue(Tags.NEW_SEQ_NO);
        if (newSeqNo < 0) {
            if (newSeqNo == -2) {
                reject(message, RejectReason.INCORRECT_DATA_FORMAT, Tags.NEW_SEQ_NO,
                        RejectReason.INCORRECT_DATA_FORMAT.textFor(Tags.NEW_SEQ_NO));
            } else {
                reject(message, RejectReason.REQUIRED_TAG_MISSING, Tags.NEW_SEQ_NO,
                        RejectReason.REQUIRED_TAG_MISSING.textFor(Tags.NEW_SEQ_NO));
            }
            return;
        }
        log.accept("Received SequenceReset FROM: " + record.nextTargetSeq + " TO: " + newSeqNo
                + (gapFill ? " (gap fill)" : ""));
        if (newSeqNo > record.nextTargetSeq) {
            record.nextTargetSeq = newSeqNo;
            if (resendTarget != 0 && newSeqNo > resendTarget) {
                resendTarget = 0;
            }
        } else if (newSeqNo < record.nextTargetSeq) {
            reject(message, RejectReason.VALUE_INCORRECT, Tags.NEW_SEQ_NO, null);
        }
    }

    private void requestResend(long seq) {
        if (resendTarget != 0) {
            resendTarget = Math.max(resendTarget, seq); // already asked for everything from the gap on (16=0)
            return;
        }
        log.accept("MsgSeqNum too high, expecting " + record.nextTargetSeq + " but received " + seq
                + ": ResendRequest");
        proxy.resendRequest(record.nextTargetSeq);
        resendTarget = seq;
    }

    /** Answers a ResendRequest: stored application messages again (PossDupFlag=Y), gap fills over everything else. */
    private void resend() {
        long begin = message.longValue(Tags.BEGIN_SEQ_NO);
        long end = message.longValue(Tags.END_SEQ_NO);
        long last = sender.nextSenderSeq() - 1;
        if (begin <= 0 || end < 0) {
            int tag = begin <= 0 ? Tags.BEGIN_SEQ_NO : Tags.END_SEQ_NO;
            RejectReason why = message.has(tag) ? RejectReason.INCORRECT_DATA_FORMAT : RejectReason.REQUIRED_TAG_MISSING;
            reject(message, why, tag, why.textFor(tag));
            return;
        }
        if (end == 0 || end > last) {
            end = last;
        }
        MessageStore store = record.store();
        long gapStart = 0;
        for (long seq = begin; seq <= end && state != SessionState.ENDED; seq++) {
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
                proxy.gapFill(gapStart, seq);
                gapStart = 0;
            }
            if (!proxy.resend(store, seq, offset)) {
                evictedResends++; // cannot happen for what this session wrote; gap-filled rather than resent garbled
                proxy.gapFill(seq, seq + 1);
            }
        }
        if (gapStart != 0) {
            proxy.gapFill(gapStart, end + 1);
        }
    }

    // ------------------------------------------------------------------ queue of messages above a gap

    private void enqueue(DirectBuffer buffer, int offset, int length) {
        if (queue.isReplay(buffer)) {
            return; // a queued message seen again while draining is still queued
        }
        if (!queue.add(buffer, offset, length)) {
            badInput.accept(now, "queue full: message dropped (the resend will bring it again)");
        }
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

    /**
     * Queued messages whose turn has come, in order, as QuickFIX/J's {@code nextQueued}: a queued Logon or
     * ResendRequest was handled when it came and now only uses up its number; below the expected number, dropped.
     */
    private void drainInOrder() {
        while (!queue.isEmpty() && state != SessionState.ENDED) {
            if (queue.indexOldest(queued, config.dictionary()) < 0) {
                queue.dropOldest();
                continue;
            }
            long seq = queued.longValue(Tags.MSG_SEQ_NUM);
            if (seq > record.nextTargetSeq) {
                return;
            }
            int type = queued.typeKey();
            int length = queue.takeOldest();
            if (seq == record.nextTargetSeq) {
                if (type == MsgTypes.LOGON || type == MsgTypes.RESEND_REQUEST) {
                    resendSatisfied(seq);
                    record.nextTargetSeq++;
                } else {
                    handleOne(queue.replay(), 0, length);
                }
            }
        }
    }

    // ------------------------------------------------------------------ rejects

    /**
     * A session-level Reject (35=3) for {@code m}: routing reversed, RefSeqNum, RefMsgType, SessionRejectReason,
     * RefTagID, Text ({@code text}, or the reason's words). As QuickFIX/J, it uses up the message's number when that
     * is the expected one, except for a Logon or SequenceReset.
     */
    public void reject(FixMessage m, RejectReason reason, int refTag, String text) {
        long seq = m.longValue(Tags.MSG_SEQ_NUM);
        String words = proxy.reject(m, reason, refTag, text);
        rejectsSent++;
        badInput.accept(now, "Reject sent for message " + seq + ": " + words);
        if (m.typeKey() != MsgTypes.LOGON && m.typeKey() != MsgTypes.SEQUENCE_RESET && seq == record.nextTargetSeq) {
            record.nextTargetSeq++;
        }
    }

    /** Routing as QuickFIX/J's reverseRoute: OnBehalfOf becomes DeliverTo and the other way round, SubIDs swap. */
    public static void reverseRoute(FixWriter w, FixMessage m) {
        SessionProxy.reverseRoute(w, m);
    }

    /** A tag's value as a signed whole number; {@link #NOT_A_NUMBER} when absent or not one (or out of range). */
    public static long signedValue(FixMessage m, int tag) {
        int k = m.find(tag);
        return k < 0 ? NOT_A_NUMBER : signedValueAt(m, k);
    }

    /** The value of field {@code k} (an index, not a tag) as a signed whole number, or {@link #NOT_A_NUMBER}. */
    private static long signedValueAt(FixMessage m, int k) {
        DirectBuffer b = m.buffer();
        int start = m.start(k);
        int length = m.length(k);
        boolean negative = length > 1 && b.getByte(start) == '-';
        long value = FixMessage.parseLong(b, negative ? start + 1 : start, negative ? length - 1 : length);
        if (value < 0) {
            return NOT_A_NUMBER;
        }
        return negative ? -value : value;
    }
}
