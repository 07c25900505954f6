package org.fixbench.fix.codec;

import org.agrona.DirectBuffer;

/**
 * Cuts the bytes read from a connection into FIX messages and says what else it found: a message whose
 * BodyLength does not lead to its CheckSum or that stops short (garbled or truncated, skipped up to the next
 * {@code 8=FIX}), one longer than the session accepts (its header handed over so the session can judge it, the
 * rest skipped even across reads), and another BeginString. It keeps no message; CheckSum values are verified by
 * the session when it indexes the message (one pass over the bytes for both).
 */
public final class FixFramer {
    /** What the framer hands over, in the order the bytes came. */
    public interface Handler {
        /** False once the session has ended: the framer stops at once. */
        boolean active();

        /** A whole message (BodyLength leads to a CheckSum field; the CheckSum's value is not yet verified). */
        void onMessage(DirectBuffer buffer, int offset, int length);

        /**
         * A message of {@code totalLength} bytes, more than the maximum: its first {@code headerLength} bytes (up to
         * a SOH, at most the maximum) are at hand; the rest is skipped.
         */
        void onTooLarge(DirectBuffer buffer, int offset, int headerLength, long totalLength);

        /** A message of another FIX version. */
        void onOtherBeginString();

        /** Bytes skipped: not a message, or one cut short or whose BodyLength is wrong. */
        void onGarbled(Garble kind);
    }

    /** Why bytes were skipped. */
    public enum Garble {
        /** Another message began before this one's BodyLength was reached. */
        TRUNCATED,
        /** BodyLength does not lead to a CheckSum field. */
        BAD_BODY_LENGTH,
        /** The bytes do not start a FIX 4.4 message. */
        NOT_A_MESSAGE
    }

    private static final byte[] FIX = {'8', '=', 'F', 'I', 'X'};

    private final Framing codec;
    private final int maxMessageBytes;
    private long skipBytes;

    public FixFramer(int maxMessageBytes) {
        this(maxMessageBytes, Framing.FIX44);
    }

    /** Frames messages of {@code beginString}; another BeginString is {@link Handler#onOtherBeginString}. */
    public FixFramer(int maxMessageBytes, String beginString) {
        this.maxMessageBytes = maxMessageBytes;
        this.codec = new Framing(maxMessageBytes, beginString);
    }

    /** Whether the rest of a too-large message is still being skipped (the next bytes read belong to it). */
    public boolean skipping() {
        return skipBytes > 0;
    }

    /**
     * Hands over what {@code [0, limit)} of {@code buffer} holds and returns how many bytes were used; the caller
     * keeps the rest (an incomplete message) for the next read.
     */
    public int frame(DirectBuffer buffer, int limit, Handler handler) {
        int position = 0;
        if (skipBytes > 0) {
            int skipped = (int) Math.min(skipBytes, limit);
            skipBytes -= skipped;
            position = skipped;
        }
        while (position < limit && handler.active()) {
            int result = codec.frameUnchecked(buffer, position, limit - position);
            if (result > 0) {
                handler.onMessage(buffer, position, result);
                position += result;
            } else if (result == Framing.INCOMPLETE) {
                int next = nextBeginString(buffer, position + 1, limit);
                if (next < 0) {
                    break;
                }
                handler.onGarbled(Garble.TRUNCATED);
                position = next;
            } else if (result == Framing.TOO_LARGE && codec.errorTag() == 9
                    && declaredLength(buffer, position, limit) > 0) {
                long total = declaredLength(buffer, position, limit);
                int end = (int) Math.min(limit, position + (long) maxMessageBytes);
                int lastSoh = end - 1;
                while (lastSoh > position && buffer.getByte(lastSoh) != Framing.SOH) {
                    lastSoh--;
                }
                handler.onTooLarge(buffer, position, lastSoh + 1 - position, total);
                long available = limit - position;
                if (total <= available) {
                    position += (int) total;
                } else {
                    skipBytes = total - available;
                    position = limit;
                }
            } else if (result == Framing.GARBLED && codec.errorTag() == 8 && startsWith(buffer, position, limit)) {
                handler.onOtherBeginString();
                return limit;
            } else if (result == Framing.BAD_BODY_LENGTH) {
                // BodyLength does not lead to a CheckSum: the message is taken to end where its BodyLength says (as
                // QuickFIX/J does), so one whose BodyLength reaches into the next message swallows that one too
                handler.onGarbled(Garble.BAD_BODY_LENGTH);
                long declared = declaredLength(buffer, position, limit);
                long checkSumAt = declared > 0 ? position + declared - 7 : -1;
                position = resync(buffer, checkSumAt > position && checkSumAt < limit ? (int) checkSumAt
                        : position + 1, limit);
            } else {
                handler.onGarbled(Garble.NOT_A_MESSAGE);
                position = resync(buffer, position + 1, limit);
            }
        }
        return position;
    }

    /** A message's total length from its BodyLength (up to the end of its CheckSum field), or -1. */
    private long declaredLength(DirectBuffer buffer, int position, int limit) {
        int i = position + codec.begin().length;
        long bodyLength = 0;
        while (i < limit && buffer.getByte(i) != Framing.SOH) {
            byte b = buffer.getByte(i);
            if (b < '0' || b > '9' || bodyLength > Integer.MAX_VALUE) {
                return -1;
            }
            bodyLength = bodyLength * 10 + (b - '0');
            i++;
        }
        return i < limit ? (i + 1 - position) + bodyLength + 7 : -1;
    }

    private static boolean startsWith(DirectBuffer buffer, int position, int limit) {
        if (limit - position < FIX.length) {
            return false;
        }
        for (int k = 0; k < FIX.length; k++) {
            if (buffer.getByte(position + k) != FIX[k]) {
                return false;
            }
        }
        return true;
    }

    /** Where the next message may start after garbage: the next "8=FIX", or the tail that could begin one. */
    private static int resync(DirectBuffer buffer, int from, int limit) {
        for (int i = from; i < limit; i++) {
            int k = 0;
            while (k < FIX.length && i + k < limit && buffer.getByte(i + k) == FIX[k]) {
                k++;
            }
            if (k == FIX.length || i + k == limit) {
                return i;
            }
        }
        return limit;
    }

    /** The start of a complete "8=" BeginString "<SOH>9=" in [from, limit), or -1. */
    private int nextBeginString(DirectBuffer buffer, int from, int limit) {
        byte[] begin = codec.begin();
        for (int i = from; i + begin.length <= limit; i++) {
            int k = 0;
            while (k < begin.length && buffer.getByte(i + k) == begin[k]) {
                k++;
            }
            if (k == begin.length) {
                return i;
            }
        }
        return -1;
    }
}
