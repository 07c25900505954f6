package org.fixbench.fix.relay;

import java.nio.ByteBuffer;

/**
 * One direction of a relayed session cut into whole messages, so that the {@link Relay} can lose whole messages (the
 * {@code resend-storm} scenario) and count what crossed: FIX messages by their BodyLength (9), or, for an engine that
 * does not speak FIX (raw TCP's frames), frames of one fixed length. Bytes of a message not yet complete wait here
 * for the rest. On the relay's thread only; the counts are read by others.
 */
public final class Frames {
    /** Raw TCP's fixed frame lengths, client to server and back (0: the stream is FIX). */
    public record Lengths(int toServer, int toClient) implements java.io.Serializable {
    }

    /** What crossed one direction, counted by message. */
    public static final class Counts {
        volatile long messages;
        volatile long lost;
        volatile long possDup;
        volatile long gapFills;
        volatile long resendRequests;
        volatile long firstResendRequestNanos;
        volatile long lastPossDupOrGapFillNanos;
        volatile long lostBytes;
        volatile long firstSeqNum = -1;
        volatile long lastSeqNum = -1;
        volatile char firstType;

        /** MsgSeqNum (34) of the first message passed on, -1: none yet. */
        public long firstSeqNum() {
            return firstSeqNum;
        }

        /** MsgSeqNum (34) of the last message passed on, -1: none yet. */
        public long lastSeqNum() {
            return lastSeqNum;
        }

        /** MsgType (35) of the first message passed on (a Logon: 'A'), 0: none yet, '*': a longer type. */
        public char firstType() {
            return firstType;
        }

        /** Messages passed on (not lost). */
        public long messages() {
            return messages;
        }

        /** Messages lost while losing. */
        public long lost() {
            return lost;
        }

        /** Messages passed on with PossDupFlag (43) Y: resent. */
        public long possDup() {
            return possDup;
        }

        /** SequenceResets (35=4) with GapFillFlag (123) Y. */
        public long gapFills() {
            return gapFills;
        }

        /** ResendRequests (35=2) passed on. */
        public long resendRequests() {
            return resendRequests;
        }

        /** When the first ResendRequest passed ({@link System#nanoTime}), 0: none. */
        public long firstResendRequestNanos() {
            return firstResendRequestNanos;
        }

        /** When the last resent message or gap fill passed, 0: none. */
        public long lastPossDupOrGapFillNanos() {
            return lastPossDupOrGapFillNanos;
        }

        public long lostBytes() {
            return lostBytes;
        }
    }

    private static final byte SOH = 1;

    private final int fixedLength;
    final Counts counts = new Counts();
    private ByteBuffer pending = ByteBuffer.allocate(64 * 1024);
    private ByteBuffer out = ByteBuffer.allocate(64 * 1024);
    private boolean unframeable;

    /** @param fixedLength every message's length, or 0 for FIX messages framed by their BodyLength */
    public Frames(int fixedLength) {
        this.fixedLength = fixedLength;
    }

    /**
     * Takes {@code in} (read from one side) and returns what to write to the other: every whole message in it, and
     * in what was waiting before it, unless {@code losing}, when whole messages are counted and dropped. The returned
     * buffer is this object's own, valid until the next call.
     */
    public ByteBuffer pass(ByteBuffer in, boolean losing, long nowNanos) {
        return pass(in, losing, null, nowNanos);
    }

    /** As {@link #pass(ByteBuffer, boolean, long)}, also losing whole messages while {@code budget} is above 0. */
    public ByteBuffer pass(ByteBuffer in, boolean losing, java.util.concurrent.atomic.AtomicInteger budget,
                           long nowNanos) {
        if (unframeable) {
            return in; // not a stream this can cut: passed on as it came, never lost
        }
        if (pending.remaining() < in.remaining()) {
            ByteBuffer grown = ByteBuffer.allocate(Math.max(pending.capacity() * 2, pending.position() + in.remaining()));
            pending.flip();
            grown.put(pending);
            pending = grown;
        }
        pending.put(in);
        pending.flip();
        if (out.capacity() < pending.remaining()) {
            out = ByteBuffer.allocate(Math.max(out.capacity() * 2, pending.remaining()));
        }
        out.clear();
        byte[] a = pending.array();
        int at = pending.position();
        int limit = pending.limit();
        while (at < limit) {
            int length = fixedLength > 0 ? fixedLength : fixLength(a, at, limit);
            if (length == -2) { // not FIX where a message should start: stop cutting, pass the rest on
                unframeable = true;
                out.put(a, at, limit - at);
                at = limit;
                break;
            }
            if (length < 0 || at + length > limit) {
                break; // incomplete: wait for the rest
            }
            if (losing || (budget != null && budget.get() > 0 && budget.getAndDecrement() > 0)) {
                counts.lost++;
                counts.lostBytes += length;
            } else {
                out.put(a, at, length);
                counts.messages++;
                if (fixedLength == 0) {
                    classify(a, at, length, nowNanos);
                }
            }
            at += length;
        }
        pending.position(at);
        pending.compact();
        out.flip();
        return out;
    }

    /**
     * The whole length of the FIX message starting at {@code at}: -1 when its header is not all here yet, -2 when
     * what is there is not the start of a FIX message.
     */
    static int fixLength(byte[] a, int at, int limit) {
        if (limit - at < 2) {
            return -1;
        }
        if (a[at] != '8' || a[at + 1] != '=') {
            return -2;
        }
        int i = at + 2;
        while (i < limit && a[i] != SOH) {
            i++;
        }
        if (i + 3 >= limit) {
            return -1;
        }
        if (a[i + 1] != '9' || a[i + 2] != '=') {
            return -2;
        }
        int body = 0;
        int j = i + 3;
        for (; j < limit && a[j] != SOH; j++) {
            if (a[j] < '0' || a[j] > '9' || j - (i + 3) > 9) {
                return -2;
            }
            body = body * 10 + (a[j] - '0');
        }
        if (j >= limit) {
            return -1;
        }
        return (j + 1 - at) + body + 7; // the header to its SOH, the body, then "10=nnn" and its SOH
    }

    private void classify(byte[] a, int at, int length, long nowNanos) {
        int end = at + length;
        char type = 0;
        boolean possDup = false;
        boolean gapFill = false;
        long seqNum = -1;
        for (int i = at; i < end - 4; i++) {
            if (a[i] != SOH) {
                continue;
            }
            if (a[i + 1] == '3' && a[i + 2] == '5' && a[i + 3] == '=' && type == 0) {
                type = (char) a[i + 4];
                if (i + 5 < end && a[i + 5] != SOH) {
                    type = '*'; // a two-character type: none counted here
                }
            } else if (a[i + 1] == '3' && a[i + 2] == '4' && a[i + 3] == '=' && seqNum < 0) {
                seqNum = 0;
                for (int j = i + 4; j < end && a[j] >= '0' && a[j] <= '9' && seqNum < Long.MAX_VALUE / 10; j++) {
                    seqNum = seqNum * 10 + (a[j] - '0');
                }
            } else if (a[i + 1] == '4' && a[i + 2] == '3' && a[i + 3] == '=' && a[i + 4] == 'Y') {
                possDup = true;
            } else if (i + 5 < end && a[i + 1] == '1' && a[i + 2] == '2' && a[i + 3] == '3' && a[i + 4] == '='
                    && a[i + 5] == 'Y') {
                gapFill = true;
            }
        }
        if (counts.firstType == 0) {
            counts.firstType = type;
            counts.firstSeqNum = seqNum;
        }
        if (seqNum >= 0 && !possDup && !(type == '4' && gapFill)) {
            counts.lastSeqNum = seqNum;
        }
        if (type == '2') {
            counts.resendRequests++;
            if (counts.firstResendRequestNanos == 0) {
                counts.firstResendRequestNanos = nowNanos;
            }
        }
        boolean isGapFill = type == '4' && gapFill;
        if (isGapFill) {
            counts.gapFills++;
        }
        if (possDup && !isGapFill) {
            counts.possDup++;
        }
        if (possDup || isGapFill) {
            counts.lastPossDupOrGapFillNanos = nowNanos;
        }
    }
}
