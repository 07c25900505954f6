package org.fixbench.fix.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.ServerHooks;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.Framing;
import org.fixbench.fix.codec.MsgTypes;
import org.fixbench.fix.codec.Tags;
import org.fixbench.fix.codec.UtcTimeWriter;
import org.fixbench.fix.dictionary.FixDictionary;

/**
 * The sending half of a session: it owns the connection's write side, the message writer, the outgoing sequence
 * number and the store of sent application messages. Every message goes out through {@link #begin} and
 * {@link #send}, resends and gap fills through {@link #beginResend} and {@link #sendUnnumbered}.
 */
final class SessionSender {
    /** The connection would not take the bytes (closed, or not read by the peer for a second). */
    public static final class SendFailed extends RuntimeException {
        public SendFailed(String message) {
            super(message, null, false, false);
        }
    }

    private static final byte[] YES = {'Y'};

    private final WritableByteChannel channel;
    private final FixDictionary dictionary;
    private final String senderCompId;
    private String targetCompId;
    private SessionRecord record;
    private final FixWriter writer;
    /** "49=sender SOH 56=target SOH 34=": the header fields every message repeats, written in one copy. */
    private byte[] compIdsAndSeqTag;
    private final ByteBuffer out;
    /**
     * An acceptor's thread serves every connection: it never waits here for a peer that does not read (that would
     * hold up every other session), it stops reading that peer's input instead ({@link FixSession}).
     */
    private final boolean acceptor;
    private final int maxMessageBytes;
    private final UnsafeBuffer outBuffer;
    private long lastSentMillis;
    private final UtcTimeWriter time = new UtcTimeWriter();

    public SessionSender(SessionConfig config, WritableByteChannel channel, SessionRecord record, long nowMillis) {
        this.channel = channel;
        this.dictionary = config.dictionary();
        this.record = record;
        this.writer = new FixWriter(config.maxMessageBytes(), config.beginString());
        this.senderCompId = config.senderCompId();
        counterparty(config.targetCompId());
        this.out = ByteBuffer.allocateDirect(Math.max(config.bufferBytes(), 4 * config.maxMessageBytes()));
        this.outBuffer = new UnsafeBuffer(out);
        this.lastSentMillis = nowMillis;
        this.acceptor = config.acceptor();
        this.maxMessageBytes = config.maxMessageBytes();
    }

    /** Bytes the send buffer can still take (what the connection has not yet taken stays in it). */
    public int freeBytes() {
        return out.capacity() - out.position();
    }

    /**
     * Whether a replay may write its next message now: for either role, only when the send buffer has room for the
     * largest, so a replay goes in chunks as the peer reads and never waits inside a write.
     */
    public boolean hasRoomToReplay() {
        return freeBytes() >= maxMessageBytes;
    }

    /** Bytes waiting in the send buffer for the connection to take them. */
    public int unsentBytes() {
        return out.position();
    }

    /** From now on, messages go to {@code targetCompId} (an acceptor's connection, once a Logon named its peer). */
    void counterparty(String targetCompId) {
        this.targetCompId = targetCompId;
        this.compIdsAndSeqTag = (Tags.SENDER_COMP_ID + "=" + senderCompId + "\u0001" + Tags.TARGET_COMP_ID + "="
                + targetCompId + "\u0001" + Tags.MSG_SEQ_NUM + "=").getBytes(StandardCharsets.US_ASCII);
    }

    /** The peer's CompID messages go to. */
    public String targetCompId() {
        return targetCompId;
    }

    /** From now on, numbers and the store are {@code record}'s (an acceptor's connection, once its Logon passed). */
    public void bind(SessionRecord record) {
        this.record = record;
    }

    public long nextSenderSeq() {
        return record.nextSenderSeq();
    }

    public long lastSentMillis() {
        return lastSentMillis;
    }

    /** Starts the next numbered message: the header (MsgType, CompIDs, MsgSeqNum, SendingTime); add the body. */
    public FixWriter begin(int typeKey, long nowMillis) {
        return header(typeKey, record.nextSenderSeq(), false, nowMillis);
    }

    /** Starts a resend of message {@code seq}: PossDupFlag=Y; the caller adds OrigSendingTime and the body. */
    public FixWriter beginResend(int typeKey, long seq, long nowMillis) {
        return header(typeKey, seq, true, nowMillis);
    }

    private FixWriter header(int typeKey, long seq, boolean possDup, long nowMillis) {
        writer.reset().msgType(typeKey).raw(compIdsAndSeqTag).longValue(seq);
        if (possDup) {
            writer.bytesField(Tags.POSS_DUP_FLAG, YES);
        }
        writer.timeField(Tags.SENDING_TIME, time, nowMillis);
        return writer;
    }

    /**
     * Sends the message begun with {@link #begin}: frames it, uses up its number, calls
     * {@code beforeWrite.reportSending()} with the message complete, hands it to the connection and then keeps it
     * for resends if it is an application message. Keeping it after the write takes the copy off the reply's path
     * and changes nothing a peer can see: a ResendRequest is handled on this same thread, so never in between. It is
     * kept when the write fails too: its number is used, and a peer that logs on again and asks for it must get it
     * resent, not gap-filled (a connection cut as a report was written lost that report: `ScenarioTest`, resend-storm
     * {@code --by cut}, 1 run in 4 on 2026-11-28).
     */
    public void send(ServerHooks beforeWrite, long nowMillis) {
        int length = writer.frame();
        long seq = record.nextSenderSeq();
        record.nextSenderSeq(seq + 1);
        if (record.synced()) {
            keep(seq, length); // a synced record has it on the disk before it goes out, as a synced store must
            beforeWrite.reportSending();
            write(writer, length, nowMillis);
            return;
        }
        beforeWrite.reportSending();
        try {
            write(writer, length, nowMillis);
        } finally {
            keep(seq, length);
        }
    }

    /**
     * Numbers and keeps the message begun with {@link #begin} as {@link #send} would, without writing it: the peer
     * gets it when it asks for it (an initiator whose connection is down, to log on again with its record).
     */
    public void store() {
        int length = writer.frame();
        long seq = record.nextSenderSeq();
        record.nextSenderSeq(seq + 1);
        keep(seq, length);
    }

    /** Keeps message {@code seq}, just framed, for resends if it is an application message; else skips its number. */
    private void keep(long seq, int length) {
        byte t0 = writer.bodyByte(3);
        byte t1 = writer.bodyByte(4);
        int typeKey = MsgTypes.key(t0, t1 == Framing.SOH ? 0 : t1);
        MessageStore store = record.store();
        if (dictionary.isAdmin(typeKey)) {
            store.skip(seq);
        } else {
            store.put(seq, writer.buffer(), writer.start(), length);
        }
        record.synced(seq);
    }

    /** Sends the message begun with {@link #beginResend} as it is: no new number, not stored again. */
    public void sendUnnumbered(long nowMillis) {
        write(writer, writer.frame(), nowMillis);
    }

    private void write(FixWriter w, int length, long nowMillis) {
        try {
            if (out.position() + length > out.capacity()) {
                flush();
                if (acceptor && out.position() + length > out.capacity()) {
                    throw new SendFailed("send buffer full: the peer left " + out.position() + " bytes unread");
                }
                long deadline = System.nanoTime() + 1_000_000_000L;
                while (out.position() + length > out.capacity()) {
                    if (System.nanoTime() > deadline) {
                        throw new SendFailed("send buffer full for 1 s: the peer is not reading");
                    }
                    Thread.onSpinWait();
                    flush();
                }
            }
            outBuffer.putBytes(out.position(), w.buffer(), w.start(), length);
            out.position(out.position() + length);
            lastSentMillis = nowMillis;
            flush();
        } catch (IOException e) {
            throw new SendFailed("cannot send: " + e.getMessage());
        }
    }

    /** Writes what the connection will take now. */
    public void flush() throws IOException {
        if (out.position() == 0) {
            return;
        }
        out.flip();
        channel.write(out);
        out.compact();
    }
}
