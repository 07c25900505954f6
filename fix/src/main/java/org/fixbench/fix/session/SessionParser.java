package org.fixbench.fix.session;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.fixbench.fix.codec.FixFramer;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.MsgTypes;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.fix.codec.Tags;
import org.fixbench.fix.codec.UtcTime;
import org.fixbench.fix.codec.UtcTimeReader;
import org.fixbench.fix.dictionary.Validator;

/**
 * Bytes to typed calls: takes what the framer cut from the input, indexes each message and applies the checks every
 * message passes, in QuickFIX/J's order (fields parse, CheckSum, first a Logon, MsgSeqNum present and a number,
 * Logon's HeartBtInt, the dictionary, the header, SendingTime accuracy, CompIDs; for a Logon, its state, time,
 * CompIDs and HeartBtInt range), then calls the {@link Session}'s method for its type with the message and its
 * number. A message that fails a check is answered here through the session (ignored as garbled, rejected, or the
 * session logged out and ended); the session's methods never see unchecked input. After each message, the queued
 * messages whose turn has come are handled the same way, in order.
 *
 * <p>Allocation-free for valid input; error paths may allocate.
 */
final class SessionParser implements FixFramer.Handler {
    private static final int[] SESSION_HEADER = {Tags.SENDER_COMP_ID, Tags.TARGET_COMP_ID, Tags.SENDING_TIME};
    /** {@link #signedValue}'s answer for a field absent or not a whole number. */
    static final long NOT_A_NUMBER = Long.MIN_VALUE;

    private final SessionConfig config;
    private final Session session;
    private final FixMessage message;
    private final FixMessage queued;
    private final Validator validator;
    private final UtcTimeReader sendingTime = new UtcTimeReader();
    private final byte[] senderCompId;
    /** The peer's CompID this connection is checked against: the config's, or one of {@link #counterparties}. */
    private byte[] targetCompId;
    private final Counterparties counterparties;
    private final SessionSender sender;
    private boolean draining;

    SessionParser(SessionConfig config, Session session, int maxFields) {
        this(config, session, maxFields, null, null);
    }

    /**
     * An acceptor of many counterparties: until a Logon names one of {@code counterparties} by its SenderCompID,
     * the connection is checked against the config's target CompID; from then on against that counterparty, and
     * {@code sender} addresses its messages to it.
     */
    SessionParser(SessionConfig config, Session session, int maxFields, Counterparties counterparties,
                  SessionSender sender) {
        this.config = config;
        this.session = session;
        this.message = new FixMessage(maxFields);
        this.queued = new FixMessage(maxFields);
        this.validator = new Validator(config.dictionary());
        senderCompId = config.senderCompId().getBytes(StandardCharsets.US_ASCII);
        targetCompId = config.targetCompId().getBytes(StandardCharsets.US_ASCII);
        this.counterparties = counterparties;
        this.sender = sender;
    }

    // ------------------------------------------------------------------ what the framer finds

    /**
     * An acceptor's connection handles a message only while its send buffer has room for a reply of
     * {@code maxMessageBytes}: the messages after it wait, unread, for the peer to read ({@link #gate}).
     */
    private SessionSender gate;
    private int gateBytes;

    /** Handle messages only while {@code sender} has {@code bytes} free (an acceptor's back-pressure). */
    void gate(SessionSender sender, int bytes) {
        this.gate = sender;
        this.gateBytes = bytes;
    }

    /**
     * Whether to handle the next message now. An acceptor holds its input while a replay of its own waits for room
     * (it answers input, so nothing new goes out before the replayed numbers). An initiator reads on: its peer answers
     * what it resends, and would stop reading it if those answers went unread (each side waiting for the other).
     */
    @Override
    public boolean active() {
        return session.state() != SessionState.ENDED && (gate == null || gate.freeBytes() >= gateBytes)
                && (!session.replaying() || !config.acceptor());
    }

    /** Whether the session has ended (then nothing it read matters any more). */
    boolean ended() {
        return session.state() == SessionState.ENDED;
    }

    @Override
    public void onMessage(DirectBuffer buffer, int offset, int length) {
        parse(buffer, offset, length);
        drainQueue();
    }

    @Override
    public void onGarbled(FixFramer.Garble kind) {
        session.garbled(switch (kind) {
            case TRUNCATED -> "a truncated message";
            case BAD_BODY_LENGTH -> "a message whose BodyLength does not lead to its CheckSum";
            case NOT_A_MESSAGE -> "bytes that do not start a FIX.4.4 message";
        });
    }

    @Override
    public void onOtherBeginString() {
        if (session.state() == SessionState.LOGGED_ON) {
            session.sendLogout("Incorrect BeginString");
        }
        session.end(EndReason.INCORRECT_BEGIN_STRING, null);
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
        long seq = headerLength > 0 && message.index(buffer, offset, headerLength, null) >= 0
                ? message.longValue(Tags.MSG_SEQ_NUM) : -1;
        long expected = session.expectedSeq();
        if (session.state() == SessionState.LOGGED_ON && seq == expected && message.typeKey() != MsgTypes.LOGON
                && message.typeKey() != MsgTypes.SEQUENCE_RESET) {
            session.reject(message, RejectReason.OTHER, 0, "Message too large: " + totalLength
                    + " bytes, maxMessageBytes is " + config.maxMessageBytes());
            drainQueue();
        } else {
            session.garbled("a message " + (seq > 0 ? "with MsgSeqNum " + seq + " (expected " + expected + ") " : "")
                    + "of " + totalLength + " bytes: larger than maxMessageBytes " + config.maxMessageBytes());
        }
    }

    // ------------------------------------------------------------------ one message

    private void parse(DirectBuffer buffer, int offset, int length) {
        FixMessage m = message;
        if (m.index(buffer, offset, length, config.dictionary()) < 0) {
            session.garbled("a garbled message (fields do not parse or do not start 8, 9, 35)");
            return;
        }
        if (!m.checksumMatches()) {
            session.garbled("a message with an incorrect CheckSum");
            return;
        }
        session.alive();
        int type = m.typeKey();
        SessionState state = session.state();
        if (state.beforeLogon() && type == MsgTypes.LOGOUT && !config.acceptor()) {
            session.end(EndReason.LOGGED_OUT_BY_PEER, "logged out by the peer before Logon"
                    + (m.has(Tags.TEXT) ? ": " + m.text(Tags.TEXT) : ""));
            return;
        }
        if (state.beforeLogon() && type != MsgTypes.LOGON) {
            session.end(EndReason.FIRST_MESSAGE_NOT_LOGON, "first message was not a Logon (MsgType "
                    + m.text(Tags.MSG_TYPE) + ")");
            return;
        }
        int seqField = m.find(Tags.MSG_SEQ_NUM);
        if (seqField < 0) {
            session.logoutAndEnd(EndReason.NO_MSG_SEQ_NUM, "Received message without MsgSeqNum");
            return;
        }
        long seq = signedValueAt(m, seqField);
        if (type == MsgTypes.LOGON) {
            long heartBtInt = signedValue(m, Tags.HEART_BT_INT);
            if (heartBtInt != NOT_A_NUMBER && heartBtInt < 0) {
                session.logoutAndEnd(EndReason.LOGON_REJECTED, "HeartBtInt must not be negative");
                return;
            }
        }
        if (config.validate() && !validator.validate(m)) {
            if (type == MsgTypes.LOGON) {
                session.logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: " + validator.text());
            } else {
                session.reject(m, validator.reason(), validator.refTag(), validator.text());
            }
            return;
        }
        if (seq == NOT_A_NUMBER) {
            if (type == MsgTypes.LOGON) {
                session.logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: "
                        + RejectReason.INCORRECT_DATA_FORMAT.textFor(Tags.MSG_SEQ_NUM));
            } else {
                session.reject(m, RejectReason.INCORRECT_DATA_FORMAT, Tags.MSG_SEQ_NUM,
                        RejectReason.INCORRECT_DATA_FORMAT.textFor(Tags.MSG_SEQ_NUM));
            }
            return;
        }
        if (!config.validate() && !hasHeader(m)) {
            return;
        }
        if (type == MsgTypes.LOGON) {
            logon(m, seq, buffer, offset, length);
            return;
        }
        if (!isGoodTime(m)) {
            session.reject(m, RejectReason.SENDING_TIME_ACCURACY, Tags.SENDING_TIME, null);
            session.sendLogout(RejectReason.SENDING_TIME_ACCURACY.textFor(Tags.SENDING_TIME));
            return;
        }
        if (!isCorrectCompId(m)) {
            session.reject(m, RejectReason.COMPID_PROBLEM, 0, null);
            session.sendLogout(RejectReason.COMPID_PROBLEM.text());
            return;
        }
        switch (type) {
            case MsgTypes.LOGOUT -> session.onLogout(m, seq);
            case MsgTypes.SEQUENCE_RESET -> session.onSequenceReset(m, seq, buffer, offset, length);
            case MsgTypes.RESEND_REQUEST -> session.onResendRequest(m, seq, buffer, offset, length);
            case MsgTypes.REJECT -> session.onReject(m, seq);
            case MsgTypes.HEARTBEAT -> session.onHeartbeat(m, seq, buffer, offset, length);
            case MsgTypes.TEST_REQUEST -> session.onTestRequest(m, seq, buffer, offset, length);
            default -> session.onApplication(m, type, seq, buffer, offset, length);
        }
    }

    /** A Logon's own checks (state, SendingTime, CompIDs, HeartBtInt's range); then {@link Session#onLogon}. */
    private void logon(FixMessage m, long seq, DirectBuffer buffer, int offset, int length) {
        boolean reset = m.isFlag(Tags.RESET_SEQ_NUM_FLAG, 'Y');
        if (!session.state().beforeLogon() && !reset) {
            session.end(EndReason.LOGON_REJECTED, "Logon state is not valid for message (MsgType=A)");
            return;
        }
        if (!isGoodTime(m)) {
            session.logoutAndEnd(EndReason.SENDING_TIME_ACCURACY, "Invalid Logon message: "
                    + RejectReason.SENDING_TIME_ACCURACY.textFor(Tags.SENDING_TIME));
            return;
        }
        if (counterparties != null && session.state().beforeLogon()) {
            int k = counterparties.find(m);
            if (k >= 0) { // the counterparty this connection speaks for, from now on
                targetCompId = counterparties.bytes(k);
                sender.counterparty(counterparties.compId(k));
            }
        }
        if (!isCorrectCompId(m)) {
            session.logoutAndEnd(EndReason.COMPID_PROBLEM, "Invalid Logon message: "
                    + RejectReason.COMPID_PROBLEM.text());
            return;
        }
        long heartBtInt = signedValue(m, Tags.HEART_BT_INT);
        if (heartBtInt == NOT_A_NUMBER || heartBtInt < config.minHeartBtIntSeconds()
                || heartBtInt > config.maxHeartBtIntSeconds()) {
            session.logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: HeartBtInt "
                    + (heartBtInt == NOT_A_NUMBER ? "missing or not a number" : heartBtInt + " is outside "
                    + config.minHeartBtIntSeconds() + ".." + config.maxHeartBtIntSeconds() + " s"));
            return;
        }
        // every check passed: only now may the Logon touch the session's numbers
        session.onLogon(seq, heartBtInt, reset, buffer, offset, length);
    }

    /** The header fields the session needs, when the dictionary does not check them. */
    private boolean hasHeader(FixMessage m) {
        for (int tag : SESSION_HEADER) {
            if (!m.has(tag)) {
                if (m.typeKey() == MsgTypes.LOGON) {
                    session.logoutAndEnd(EndReason.LOGON_REJECTED, "Invalid Logon message: "
                            + RejectReason.REQUIRED_TAG_MISSING.textFor(tag));
                } else {
                    session.reject(m, RejectReason.REQUIRED_TAG_MISSING, tag,
                            RejectReason.REQUIRED_TAG_MISSING.textFor(tag));
                }
                return false;
            }
        }
        return true;
    }

    private boolean isGoodTime(FixMessage m) {
        int k = m.find(Tags.SENDING_TIME);
        if (k < 0) {
            return false;
        }
        long sent = sendingTime.parse(m.buffer(), m.start(k), m.length(k));
        return sent != UtcTime.INVALID && Math.abs(session.nowMillis() - sent) / 1000 <= config.maxLatencySeconds();
    }

    private boolean isCorrectCompId(FixMessage m) {
        return m.valueEquals(Tags.SENDER_COMP_ID, targetCompId) && m.valueEquals(Tags.TARGET_COMP_ID, senderCompId);
    }

    // ------------------------------------------------------------------ queued messages

    /** The queued messages whose turn has come, each handled as input (not re-entered while one is handled). */
    private void drainQueue() {
        if (draining) {
            return;
        }
        draining = true;
        try {
            int length;
            while ((length = session.nextQueued(queued)) >= 0) {
                parse(session.queued(), 0, length);
            }
        } finally {
            draining = false;
        }
    }

    // ------------------------------------------------------------------ numbers

    /** A tag's value as a signed whole number; {@link #NOT_A_NUMBER} when absent or not one (or out of range). */
    static long signedValue(FixMessage m, int tag) {
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
