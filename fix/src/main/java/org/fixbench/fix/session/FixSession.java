package org.fixbench.fix.session;

import java.io.IOException;
import java.nio.channels.ByteChannel;
import java.util.function.Consumer;

import org.agrona.concurrent.EpochClock;
import org.fixbench.engine.ServerHooks;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.RejectReason;

/**
 * One FIX 4.4 session on one connection, driven by one thread calling {@link #poll(long)} with the time: the façade
 * over the session layer's parts, which are package-private. A {@link SessionReader} reads the connection and cuts
 * the input into messages; the {@link SessionParser} applies the checks every message passes and calls the
 * {@link Session}, the state machine (one method per administrative message, a {@link SessionState}, the timers);
 * it writes through a {@link SessionProxy} (one method per administrative message) over a {@link SessionSender}
 * (the output, the outgoing numbers, the store), answers ResendRequests with a {@link Replayer} and keeps messages
 * above a gap in an {@link InboundQueue}. Application messages go to an {@link Application}, in order. Behaviour
 * and texts follow a QuickFIX/J 2.3 session with its defaults, so logs and answers of either read alike.
 *
 * <p>What lives beyond one connection (the numbers and the store) is a {@link SessionRecord}. An initiator has
 * its own; an acceptor's connection gets its record from a {@link Binder} once a Logon passes every check, so a
 * connection that fails them (or claims a session another connection holds) cannot disturb the real session.
 *
 * <p>Allocation-free for in-order traffic; error paths (rejects, logouts, events) may allocate.
 */
public final class FixSession {

    /**
     * Thrown by {@link #send} when the connection failed as the message was written: the session has ended, and the
     * message was numbered and kept all the same, so a session that logs on again with its record resends it when the
     * peer asks for it. Any other end found by a send is a plain {@link IllegalStateException}, with nothing kept.
     */
    public static final class KeptUnwritten extends IllegalStateException {
        KeptUnwritten(String message) {
            super(message);
        }
    }

    /** What the session hands up. Called on the polling thread. */
    public interface Application {
        /**
         * An application message, validated and in sequence. Return false if its type is not supported: the session
         * then answers a BusinessMessageReject (Unsupported Message Type).
         */
        boolean onMessage(FixSession session, FixMessage message);

        default void onLogon(FixSession session) {
        }

        /** A session-level Reject (35=3) the peer sent, in sequence: of a message this side sent. */
        default void onSessionReject(FixSession session, FixMessage reject) {
        }

        /** The session ended (logout, disconnect, error); called once. */
        default void onEnd(FixSession session, String reason) {
        }
    }

    /** For an acceptor: the session record a Logon that passed every check may take. */
    public interface Binder {
        /**
         * The record for this connection (for the counterparty its Logon named: {@link #counterpartyCompId()}), or
         * null when another live connection holds that session.
         */
        SessionRecord claim(FixSession session);

        /**
         * The peers this acceptor serves a session each for, when more than the config's target CompID: a Logon's
         * SenderCompID picks one. Null (the default): the config's target CompID only.
         */
        default Counterparties counterparties() {
            return null;
        }

        /** The connection ended; the record is free again. */
        void release(FixSession session, SessionRecord record);
    }

    private final EpochClock clock;
    private final ByteChannel channel;
    private final SessionReader reader;
    private final SessionSender sender;
    private final Session session;
    private final SessionParser parser;
    private final SessionConfig config;
    /** When an acceptor's send buffer last had room for a reply, else the poll since which it has not (-1: it has). */
    private long fullSinceMillis = -1;
    /** Whole messages read but held back while the send buffer was full: handled once it has room. */
    private boolean heldBack;

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
        this.clock = clock;
        this.channel = channel;
        // a field takes at least 4 bytes ("1=x" and SOH): this many always index, so no message is dropped for size
        int maxFields = config.maxMessageBytes() / 4 + 2;
        int buffer = Math.max(config.bufferBytes(), 4 * config.maxMessageBytes());
        long now = clock.time();
        sender = new SessionSender(config, channel, record, now);
        reader = new SessionReader(buffer, config.maxMessageBytes(), config.beginString());
        session = new Session(config, this, channel, sender, record, application, binder,
                log == null ? text -> { } : log, now, maxFields, buffer);
        Counterparties counterparties = binder == null ? null : binder.counterparties();
        parser = counterparties == null ? new SessionParser(config, session, maxFields)
                : new SessionParser(config, session, maxFields, counterparties, sender);
        this.config = config;
        if (config.acceptor()) {
            parser.gate(sender, config.maxMessageBytes());
        }
    }

    /** The peer's CompID this connection speaks with (an acceptor of many: the one its Logon named). */
    public String counterpartyCompId() {
        return sender.targetCompId();
    }

    public SessionState state() {
        return session.state();
    }

    public boolean isLoggedOn() {
        return session.state() == SessionState.LOGGED_ON;
    }

    /** Why the session ended, or null while it runs. */
    public String endReason() {
        return session.endReason();
    }

    /** The kind of {@link #endReason()}, or null while the session runs. */
    public EndReason endKind() {
        return session.endKind();
    }

    public long nextSenderSeq() {
        return session.record().nextSenderSeq();
    }

    public long nextTargetSeq() {
        return session.record().nextTargetSeq();
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
        return session.counters();
    }

    /** See {@link #counters()}; its text is the one logged. */
    public record Counters(long garbled, long rejectsSent, long evictedResends) {
        @Override
        public String toString() {
            return "garbled=" + garbled + " rejects=" + rejectsSent + " evictedResends=" + evictedResends;
        }
    }

    // ------------------------------------------------------------------ commands

    /** Initiator: sends Logon (with ResetSeqNumFlag=Y when asked: both sides start again at 1). */
    public void sendLogon(boolean reset) {
        session.at(clock.time());
        session.sendLogon(reset);
    }

    /** Starts a Logout: sends it and ends the session when the answer comes or the logout timeout passes. */
    public void logout(String text) {
        if (state() == SessionState.ENDED || state() == SessionState.LOGOUT_SENT) {
            return;
        }
        session.at(clock.time());
        session.logout(text);
    }

    /**
     * Logs out if logged on and polls until the peer's Logout ends the session or {@code waitMillis} pass, then ends
     * it: an initiator's close.
     */
    public void logoutAndEnd(long waitMillis) {
        if (isLoggedOn()) {
            logout(null);
            long deadline = System.nanoTime() + waitMillis * 1_000_000L;
            while (endReason() == null && System.nanoTime() < deadline) {
                if (!poll()) {
                    Thread.yield();
                }
            }
        }
        end("closed");
    }

    /** Ends the session now: closes the connection and tells the application once. */
    public void end(String reason) {
        end(EndReason.CLOSED, reason);
    }

    /** Ends the session now, for {@code kind} ({@code detail} may add to its words). */
    public void end(EndReason kind, String detail) {
        session.end(kind, detail);
    }

    /**
     * A session-level Reject (35=3) for {@code m}: routing reversed, RefSeqNum, RefMsgType, SessionRejectReason,
     * RefTagID, Text ({@code text}, or the reason's words). As QuickFIX/J, it uses up the message's number when that
     * is the expected one, except for a Logon or SequenceReset.
     */
    public void reject(FixMessage m, RejectReason reason, int refTag, String text) {
        session.reject(m, reason, refTag, text);
    }

    // ------------------------------------------------------------------ sending

    /** The clock's time of the current poll (the one the messages being handled were read in), in epoch ms. */
    public long nowMillis() {
        return session.nowMillis();
    }

    /**
     * Starts an outgoing message: the header (MsgType, CompIDs, MsgSeqNum, SendingTime); add the body, then
     * {@link #send()}.
     */
    public FixWriter begin(int typeKey) {
        return session.begin(typeKey);
    }

    /** Frames the message begun with {@link #begin}, keeps it for resends if it is an application message, sends it. */
    public void send() {
        session.send(ServerHooks.NONE);
    }

    /**
     * Sends the message begun with {@link #begin}: frames it (BodyLength, CheckSum), stores it for resends, and calls
     * {@code beforeWrite.reportSending()} with the encoded message complete, just before it is handed to the socket.
     */
    public void send(ServerHooks beforeWrite) {
        session.send(beforeWrite);
    }

    /**
     * Numbers the message begun with {@link #begin} and keeps it for resends (if it is an application message)
     * without writing it: for an initiator whose session ended and that will log on again with the same record, so
     * the peer asks for it (ResendRequest) once logged on. Works whatever the session's state.
     */
    public void store() {
        session.store();
    }

    // ------------------------------------------------------------------ receiving

    /**
     * Sets the session's time to {@code nowMillis} as a poll does first, without reading or running the timers: for
     * a caller that times the sending path alone (the codec benchmark), so that its SendingTime comes from a clock
     * read as every other engine's there does.
     */
    public void at(long nowMillis) {
        session.at(nowMillis);
    }

    /** Reads, handles what arrived, keeps the session alive, at the clock's time. */
    public boolean poll() {
        return poll(clock.time());
    }

    /**
     * Whether an acceptor's replies waiting to be sent fill its buffer (less room than a message): its input is then
     * not read ({@link #poll}), so a caller that selects should stop asking for it until {@link #tick} finds room.
     */
    public boolean repliesFull() {
        return fullSinceMillis >= 0;
    }

    private Object attachment;

    /** What the caller keeps with this session (a server's selection key). */
    public void attach(Object attachment) {
        this.attachment = attachment;
    }

    public Object attachment() {
        return attachment;
    }

    /** Reads, handles what arrived and runs the timers as of {@code nowMillis}. Returns whether any bytes arrived. */
    public boolean poll(long nowMillis) {
        return poll(nowMillis, true);
    }

    /**
     * Runs the timers and sends what is pending as of {@code nowMillis}, without reading: for a caller that learns
     * from a selector which connections have bytes, and {@link #poll(long) polls} only those.
     */
    public void tick(long nowMillis) {
        poll(nowMillis, false);
    }

    private boolean poll(long nowMillis, boolean read) {
        if (state() == SessionState.ENDED) {
            return false;
        }
        session.at(nowMillis);
        int bytes = 0;
        boolean room = true;
        try {
            sender.flush();
            if (config.acceptor()) {
                // a peer that does not read its replies: its input is not read either (TCP then holds its sender
                // back), and the thread goes on serving the other connections; past the bound the session ends
                room = sender.freeBytes() >= config.maxMessageBytes();
                if (room) {
                    fullSinceMillis = -1;
                } else if (fullSinceMillis < 0) {
                    fullSinceMillis = nowMillis;
                } else if (nowMillis - fullSinceMillis >= config.slowConsumerMillis()) {
                    session.end(EndReason.SLOW_CONSUMER, "slow consumer: " + sender.unsentBytes() + " bytes of "
                            + "replies left unread for " + (nowMillis - fullSinceMillis) + " ms (slowConsumerMillis "
                            + config.slowConsumerMillis() + ")");
                    return false;
                }
            }
            if (read && room) {
                bytes = reader.read(channel);
            }
        } catch (IOException e) {
            session.end(EndReason.CONNECTION_LOST, "connection lost: " + e.getMessage());
            return false;
        }
        if (bytes < 0) {
            session.end(state() == SessionState.LOGOUT_SENT ? EndReason.LOGGED_OUT : EndReason.PEER_CLOSED, null);
            return false;
        }
        try {
            if (room && session.replaying()) {
                session.resumeReplay(); // a replay that waited for the peer to read goes on first
            }
            if (bytes > 0 || (heldBack && room)) {
                reader.frame(parser);
                if (state() == SessionState.ENDED) {
                    return true;
                }
                heldBack = !parser.active();
            }
            if (room && !session.replaying()) { // a full buffer takes no heartbeat; the bound above ends it
                session.onTimer();
            }
        } catch (SessionSender.SendFailed e) {
            session.end(EndReason.SEND_FAILED, e.getMessage());
        } catch (IllegalStateException e) {
            // a send that found the session gone has already ended it
            if (state() != SessionState.ENDED) {
                session.end(EndReason.ERROR, "error while handling input: " + e);
            }
        } catch (RuntimeException e) {
            // anything else ends the session here, with the reason, rather than killing the thread that serves it
            session.end(EndReason.ERROR, "error while handling input: " + e);
        }
        return bytes > 0;
    }

    // ------------------------------------------------------------------ helpers for applications

    /** Routing as QuickFIX/J's reverseRoute: OnBehalfOf becomes DeliverTo and the other way round, SubIDs swap. */
    public static void reverseRoute(FixWriter w, FixMessage m) {
        SessionProxy.reverseRoute(w, m);
    }
}
