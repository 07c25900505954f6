package org.fixbench.fix.session;

import java.io.IOException;
import java.nio.channels.Channel;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.agrona.DirectBuffer;
import org.fixbench.engine.ServerHooks;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.MsgTypes;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.fix.codec.Tags;
import org.fixbench.fix.codec.UtcTime;

/**
 * The session's state machine: one method per administrative message ({@code onLogon}, {@code onLogout},
 * {@code onSequenceReset}, {@code onResendRequest}, {@code onReject}, {@code onHeartbeat}, {@code onTestRequest}),
 * {@code onApplication} for the rest and {@code onTimer} for the clock, each called by the {@link SessionParser}
 * with a message that passed the checks every message passes (so it never sees raw input), and with that message
 * as a parameter. Where the session is, is its {@link SessionState}; what lasts beyond one connection is the
 * {@link SessionRecord}; every message it sends is one {@link SessionProxy} method; a ResendRequest is answered by
 * the {@link Replayer}; messages above a gap wait in the {@link InboundQueue}. Behaviour and texts follow a
 * QuickFIX/J 2.3 session with its defaults.
 *
 * <p>Allocation-free for in-order traffic; error paths (rejects, logouts, events) may allocate.
 */
final class Session implements SessionProxy.Outbox {
    private final SessionConfig config;
    /** The planted {@link SessionConfig#replayLoadsRange}'s copies of the last range asked for. */
    private byte[][] loadedRange;
    private final FixSession owner;
    private final FixSession.Application application;
    private final FixSession.Binder binder;
    private final Consumer<String> log;
    private final BadInputLog badInput;
    private final Channel channel;
    private final SessionSender sender;
    private final SessionProxy proxy;
    private final Replayer replayer;
    private final InboundQueue queue;
    /** Whether the session still runs, for the replayer's loop (made once: no allocation per resend). */
    private final BooleanSupplier running = () -> state() != SessionState.ENDED;

    /** Until a Logon binds this connection to its session, the numbers of a scratch record (never the real one). */
    private SessionRecord record;
    /** An acceptor's connection's scratch record; null for an initiator, which owns its record. */
    private final SessionRecord scratch;
    private SessionState state = SessionState.AWAITING_LOGON;
    private long now;
    private long heartBtMillis;
    private long logoutDeadline;
    private final long logonDeadline;
    private long lastReceivedMillis;
    /** TestRequests sent since the last message arrived (the heartbeat timer's count, not a state). */
    private int testRequestsSent;
    /** The highest MsgSeqNum seen above a gap while a ResendRequest is outstanding; 0: none outstanding. */
    private long resendTarget;
    private EndReason endKind;
    private String endReason;
    private long garbled;
    private long rejectsSent;

    Session(SessionConfig config, FixSession owner, Channel channel, SessionSender sender, SessionRecord record,
            FixSession.Application application, FixSession.Binder binder, Consumer<String> log, long nowMillis,
            int maxFields, int queueBytes) {
        this.config = config;
        this.owner = owner;
        this.channel = channel;
        this.sender = sender;
        this.record = record;
        this.scratch = binder == null ? null : record;
        this.application = application;
        this.binder = binder;
        this.log = log;
        this.badInput = new BadInputLog(log, config.badInputLogPerSecond());
        this.proxy = new SessionProxy(this, sender, config.dictionary(), maxFields, config.logonFields());
        this.replayer = new Replayer(proxy, sender);
        this.queue = new InboundQueue(queueBytes, config.maxMessageBytes());
        this.now = nowMillis;
        heartBtMillis = config.heartBtIntSeconds() * 1000L;
        lastReceivedMillis = nowMillis;
        logonDeadline = nowMillis + config.logonTimeoutMillis();
    }

    // ------------------------------------------------------------------ what the façade reads

    SessionState state() {
        return state;
    }

    String endReason() {
        return endReason;
    }

    EndReason endKind() {
        return endKind;
    }

    SessionRecord record() {
        return record;
    }

    /** The MsgSeqNum expected next from the peer. */
    long expectedSeq() {
        return record.nextTargetSeq();
    }

    /** Whether a replay waits for room to go on ({@link Replayer#pending}). */
    boolean replaying() {
        return replayer.pending();
    }

    /** Goes on with a replay that waits for room. */
    void resumeReplay() {
        replayer.resume(running);
    }

    FixSession.Counters counters() {
        return new FixSession.Counters(garbled, rejectsSent, replayer.evicted());
    }

    /** Starts the handling of one poll's input and timers at {@code nowMillis}. */
    void at(long nowMillis) {
        now = nowMillis;
    }

    @Override
    public long nowMillis() {
        return now;
    }

    /**
     * Whether this connection holds its session's record: an initiator always; an acceptor's connection once a Logon
     * passed every check and the binder gave it the record (until then it counts on a scratch record).
     */
    private boolean bound() {
        return record != scratch;
    }

    // ------------------------------------------------------------------ sending

    @Override
    public FixWriter begin(int typeKey) {
        return sender.begin(typeKey, now);
    }

    @Override
    public void send() {
        send(ServerHooks.NONE);
    }

    void send(ServerHooks beforeWrite) {
        if (state == SessionState.ENDED) {
            throw new IllegalStateException("session ended: " + endReason);
        }
        try {
            sender.send(beforeWrite, now);
        } catch (SessionSender.SendFailed e) {
            end(EndReason.SEND_FAILED, e.getMessage());
            throw new FixSession.KeptUnwritten("session ended: " + endReason); // SessionSender#send kept it
        }
    }

    /** Numbers and keeps the message begun with {@link #begin}, without writing it (see {@link SessionSender#store}). */
    void store() {
        sender.store();
    }

    // ------------------------------------------------------------------ commands of this side

    /** Initiator: sends Logon (with ResetSeqNumFlag=Y when asked: both sides start again at 1). */
    void sendLogon(boolean reset) {
        if (reset) {
            record.reset();
        }
        proxy.logon(config.heartBtIntSeconds(), reset);
        if (state.beforeLogon()) {
            state = reset ? SessionState.LOGON_SENT_WITH_RESET : SessionState.LOGON_SENT;
        }
    }

    /** Starts a Logout, unless one is under way or the session ended. */
    void logout(String text) {
        if (state != SessionState.ENDED && state != SessionState.LOGOUT_SENT) {
            sendLogout(text);
        }
    }

    void sendLogout(String text) {
        proxy.logout(text);
        state = SessionState.LOGOUT_SENT;
        logoutDeadline = now + config.logoutTimeoutMillis();
    }

    void logoutAndEnd(EndReason kind, String text) {
        if (state != SessionState.LOGOUT_SENT) {
            sendLogout(text);
        }
        end(kind, text);
    }

    /** Ends the session now, for {@code kind} ({@code detail} may add to its words): closes, tells the application. */
    void end(EndReason kind, String detail) {
        if (state == SessionState.ENDED) {
            return;
        }
        long endStartNanos = System.nanoTime();
        boolean bound = bound();
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
            binder.release(owner, record);
        }
        badInput.flush();
        long endNanos = System.nanoTime() - endStartNanos;
        log.accept("session ended: " + endReason + " (" + counters() + "; closing took " + endNanos / 1_000 + " us)");
        application.onEnd(owner, endReason);
    }

    // ------------------------------------------------------------------ input that is no message

    /** Input ignored as garbled: counted, and logged within the rate limit. */
    void garbled(String what) {
        garbled++;
        badInput.accept(now, "ignored " + what);
    }

    /** A whole message arrived: the peer is alive (bytes trickled in do not count). */
    void alive() {
        lastReceivedMillis = now;
        testRequestsSent = 0;
    }

    // ------------------------------------------------------------------ the timer

    void onTimer() {
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

    // ------------------------------------------------------------------ one method per message (its checks passed)

    /**
     * Logon, its SendingTime, CompIDs and HeartBtInt checked: binds an acceptor's connection to its record, applies
     * ResetSeqNumFlag, answers (acceptor) and counts it, or queues it above a gap.
     */
    void onLogon(long seq, long heartBtIntSeconds, boolean reset, DirectBuffer buffer, int offset, int length) {
        if (!bound()) {
            SessionRecord claimed = binder.claim(owner);
            if (claimed == null) {
                end(EndReason.SESSION_ALREADY_LOGGED_ON, "Multiple logons/connections for this session are not "
                        + "allowed: the session is logged on from another connection");
                return;
            }
            record = claimed;
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
        if (seq < record.nextTargetSeq()) {
            logoutAndEnd(EndReason.MSG_SEQ_NUM_TOO_LOW, "MsgSeqNum too low, expecting " + record.nextTargetSeq()
                    + " but received " + seq);
            return;
        }
        if (config.acceptor()) {
            heartBtMillis = heartBtIntSeconds * 1000;
            proxy.logon(heartBtIntSeconds, reset);
        } else if (state == SessionState.AWAITING_LOGON) {
            end(EndReason.LOGON_REJECTED, "Received logon response before sending request");
            return;
        }
        state = SessionState.LOGGED_ON;
        if (seq > record.nextTargetSeq()) {
            enqueue(buffer, offset, length); // counted when the gap before it is filled
            requestResend(seq);
        } else {
            record.nextTargetSeq(record.nextTargetSeq() + 1);
        }
        if (!midSession) {
            application.onLogon(owner);
        }
    }

    /** A Logout is answered whatever its number (QuickFIX/J checks no sequence on it), then the session ends. */
    void onLogout(FixMessage m, long seq) {
        if (m.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup(m)) {
            return;
        }
        if (seq == record.nextTargetSeq()) {
            record.nextTargetSeq(record.nextTargetSeq() + 1);
        }
        if (state == SessionState.LOGOUT_SENT) {
            end(EndReason.LOGGED_OUT, null);
            return;
        }
        String text = m.has(Tags.TEXT) ? ": " + m.text(Tags.TEXT) : "";
        log.accept("Received logout request" + text);
        sendLogout(null);
        end(EndReason.LOGGED_OUT_BY_PEER, "logged out by the peer" + text);
    }

    /**
     * SequenceReset: a gap fill (counted as any message, so in sequence first) or a reset (whatever its MsgSeqNum).
     * NewSeqNo above the expected number moves it; equal changes nothing; below is rejected (Value is incorrect, on
     * NewSeqNo). As QuickFIX/J, a Reject of a SequenceReset does not use up its number.
     */
    void onSequenceReset(FixMessage m, long seq, DirectBuffer buffer, int offset, int length) {
        boolean gapFill = m.isFlag(Tags.GAP_FILL_FLAG, 'Y');
        if (gapFill && !inSequence(m, seq, buffer, offset, length)) {
            return;
        }
        if (m.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup(m)) {
            return;
        }
        long newSeqNo = m.longValue(Tags.NEW_SEQ_NO);
        if (newSeqNo < 0) {
            RejectReason why = newSeqNo == -2 ? RejectReason.INCORRECT_DATA_FORMAT : RejectReason.REQUIRED_TAG_MISSING;
            reject(m, why, Tags.NEW_SEQ_NO, why.textFor(Tags.NEW_SEQ_NO));
            return;
        }
        log.accept("Received SequenceReset FROM: " + record.nextTargetSeq() + " TO: " + newSeqNo
                + (gapFill ? " (gap fill)" : ""));
        if (newSeqNo > record.nextTargetSeq()) {
            record.nextTargetSeq(newSeqNo);
            if (resendTarget != 0 && newSeqNo > resendTarget) {
                resendTarget = 0;
            }
        } else if (newSeqNo < record.nextTargetSeq()) {
            reject(m, RejectReason.VALUE_INCORRECT, Tags.NEW_SEQ_NO, null);
        }
    }

    /**
     * ResendRequest: answered when it comes, whatever gap lies before it (a peer waiting for our messages must not
     * wait for its own); above the expected number it is also queued, to use up its number when its turn comes.
     */
    void onResendRequest(FixMessage m, long seq, DirectBuffer buffer, int offset, int length) {
        if (seq < record.nextTargetSeq() && !tooLow(m, seq)) {
            return;
        }
        if (m.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup(m)) {
            return;
        }
        if (seq > record.nextTargetSeq()) {
            enqueue(buffer, offset, length); // counted when the gap before it is filled
        }
        long begin = m.longValue(Tags.BEGIN_SEQ_NO);
        long end = m.longValue(Tags.END_SEQ_NO);
        if (begin <= 0 || end < 0) {
            int tag = begin <= 0 ? Tags.BEGIN_SEQ_NO : Tags.END_SEQ_NO;
            RejectReason why = m.has(tag) ? RejectReason.INCORRECT_DATA_FORMAT : RejectReason.REQUIRED_TAG_MISSING;
            reject(m, why, tag, why.textFor(tag));
        } else {
            if (config.replayLoadsRange()) {
                loadedRange = loadRange(record.store(), begin, end); // planted: see SessionConfig
            }
            replayer.resend(record.store(), begin, end, running);
        }
        if (seq == record.nextTargetSeq()) {
            resendSatisfied(seq);
            record.nextTargetSeq(record.nextTargetSeq() + 1);
        }
    }

    /**
     * A session-level Reject from the peer: uses up its number when it is the expected one; one above asks for no
     * resend.
     */
    void onReject(FixMessage m, long seq) {
        if (seq < record.nextTargetSeq() && !tooLow(m, seq)) {
            return;
        }
        if (m.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup(m)) {
            return;
        }
        if (seq == record.nextTargetSeq()) {
            record.nextTargetSeq(record.nextTargetSeq() + 1);
        }
        application.onSessionReject(owner, m);
    }

    void onHeartbeat(FixMessage m, long seq, DirectBuffer buffer, int offset, int length) {
        if (inSequence(m, seq, buffer, offset, length)) {
            record.nextTargetSeq(record.nextTargetSeq() + 1);
        }
    }

    /** TestRequest: answered by a Heartbeat echoing its TestReqID. */
    void onTestRequest(FixMessage m, long seq, DirectBuffer buffer, int offset, int length) {
        if (inSequence(m, seq, buffer, offset, length)) {
            proxy.heartbeat(m);
            record.nextTargetSeq(record.nextTargetSeq() + 1);
        }
    }

    /** Any other message: an administrative one uses up its number; an application message goes up, in order. */
    void onApplication(FixMessage m, int type, long seq, DirectBuffer buffer, int offset, int length) {
        if (!inSequence(m, seq, buffer, offset, length)) {
            return;
        }
        record.nextTargetSeq(record.nextTargetSeq() + 1);
        if (!config.dictionary().isAdmin(type) && !application.onMessage(owner, m)) {
            proxy.businessReject(m);
            rejectsSent++;
            badInput.accept(now, "BusinessMessageReject sent for message " + m.longValue(Tags.MSG_SEQ_NUM)
                    + ": Unsupported Message Type");
        }
    }

    // ------------------------------------------------------------------ sequence numbers

    /**
     * QuickFIX/J's {@code verify} for a message whose number counts: too high, it is queued and the gap asked for;
     * too low, see {@link #tooLow}; a PossDup must carry a valid OrigSendingTime. True when it is the next one.
     */
    private boolean inSequence(FixMessage m, long seq, DirectBuffer buffer, int offset, int length) {
        if (seq > record.nextTargetSeq()) {
            enqueue(buffer, offset, length);
            requestResend(seq);
            return false;
        }
        if (seq < record.nextTargetSeq()) {
            tooLow(m, seq);
            return false;
        }
        if (m.isFlag(Tags.POSS_DUP_FLAG, 'Y') && !validatePossDup(m)) {
            return false;
        }
        resendSatisfied(seq);
        return true;
    }

    /** A number below the expected one: a PossDup is checked and ignored; anything else ends the session. */
    private boolean tooLow(FixMessage m, long seq) {
        if (!m.isFlag(Tags.POSS_DUP_FLAG, 'Y')) {
            logoutAndEnd(EndReason.MSG_SEQ_NUM_TOO_LOW, "MsgSeqNum too low, expecting " + record.nextTargetSeq()
                    + " but received " + seq);
        } else {
            validatePossDup(m);
        }
        return false;
    }

    private void resendSatisfied(long seq) {
        if (resendTarget != 0 && seq >= resendTarget) {
            log.accept("resend satisfied up to " + resendTarget);
            resendTarget = 0;
        }
    }

    private void requestResend(long seq) {
        if (resendTarget != 0) {
            resendTarget = Math.max(resendTarget, seq); // already asked for everything from the gap on (16=0)
            return;
        }
        log.accept("MsgSeqNum too high, expecting " + record.nextTargetSeq() + " but received " + seq
                + ": ResendRequest");
        proxy.resendRequest(record.nextTargetSeq());
        resendTarget = seq;
    }

    /** PossDupFlag=Y: OrigSendingTime required and not after SendingTime (not checked on SequenceReset). */
    private boolean validatePossDup(FixMessage m) {
        if (m.typeKey() == MsgTypes.SEQUENCE_RESET) {
            return true;
        }
        int k = m.find(Tags.ORIG_SENDING_TIME);
        if (k < 0) {
            reject(m, RejectReason.REQUIRED_TAG_MISSING, Tags.ORIG_SENDING_TIME, null);
            return false;
        }
        int s = m.find(Tags.SENDING_TIME);
        long original = UtcTime.parse(m.buffer(), m.start(k), m.length(k));
        long sending = UtcTime.parse(m.buffer(), m.start(s), m.length(s));
        if (original == UtcTime.INVALID) {
            reject(m, RejectReason.INCORRECT_DATA_FORMAT, Tags.ORIG_SENDING_TIME,
                    RejectReason.INCORRECT_DATA_FORMAT.textFor(Tags.ORIG_SENDING_TIME));
            return false;
        }
        if (original > sending) {
            reject(m, RejectReason.SENDING_TIME_ACCURACY, Tags.ORIG_SENDING_TIME, null);
            sendLogout(RejectReason.SENDING_TIME_ACCURACY.textFor(Tags.ORIG_SENDING_TIME));
            return false;
        }
        return true;
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

    /**
     * The next queued message whose turn has come, as QuickFIX/J's {@code nextQueued}: indexed into {@code into},
     * its length returned (its bytes are {@link InboundQueue#replay()} from 0) for the parser to handle as any
     * input; a queued Logon or ResendRequest was handled when it came and now only uses up its number, and a
     * message below the expected number is dropped, both here. -1 when no queued message's turn has come.
     */
    int nextQueued(FixMessage into) {
        while (!queue.isEmpty() && state != SessionState.ENDED) {
            if (queue.indexOldest(into, config.dictionary()) < 0) {
                queue.dropOldest();
                continue;
            }
            long seq = into.longValue(Tags.MSG_SEQ_NUM);
            if (seq > record.nextTargetSeq()) {
                return -1;
            }
            int type = into.typeKey();
            int length = queue.takeOldest();
            if (seq == record.nextTargetSeq()) {
                if (type == MsgTypes.LOGON || type == MsgTypes.RESEND_REQUEST) {
                    resendSatisfied(seq);
                    record.nextTargetSeq(record.nextTargetSeq() + 1);
                } else {
                    return length;
                }
            }
        }
        return -1;
    }

    DirectBuffer queued() {
        return queue.replay();
    }

    // ------------------------------------------------------------------ rejects

    /**
     * A session-level Reject (35=3) for {@code m}: routing reversed, RefSeqNum, RefMsgType, SessionRejectReason,
     * RefTagID, Text ({@code text}, or the reason's words). As QuickFIX/J, it uses up the message's number when that
     * is the expected one, except for a Logon or SequenceReset.
     */
    void reject(FixMessage m, RejectReason reason, int refTag, String text) {
        long seq = m.longValue(Tags.MSG_SEQ_NUM);
        String words = proxy.reject(m, reason, refTag, text);
        rejectsSent++;
        badInput.accept(now, "Reject sent for message " + seq + ": " + words);
        if (m.typeKey() != MsgTypes.LOGON && m.typeKey() != MsgTypes.SEQUENCE_RESET && seq == record.nextTargetSeq()) {
            record.nextTargetSeq(record.nextTargetSeq() + 1);
        }
    }

    /** Planted ({@link SessionConfig#replayLoadsRange}): every stored message of the range, copied onto the heap. */
    private byte[][] loadRange(MessageStore store, long begin, long end) {
        long sent = sender.nextSenderSeq() - 1;
        long last = end == 0 || end > sent ? sent : end;
        java.util.List<byte[]> copies = new java.util.ArrayList<>();
        for (long seq = begin; seq <= last; seq++) {
            int at = store.offset(seq);
            if (at >= 0) {
                byte[] copy = new byte[Math.min(store.length(seq), store.buffer().capacity() - at)];
                store.buffer().getBytes(at, copy);
                copies.add(copy);
            }
        }
        return copies.toArray(new byte[0][]);
    }
}
