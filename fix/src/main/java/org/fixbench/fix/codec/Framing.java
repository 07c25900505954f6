package org.fixbench.fix.codec;

import org.agrona.DirectBuffer;

/**
 * Finds one complete FIX 4.4 message in bytes read from a socket (TCP may split or join messages) and checks its
 * frame: BeginString, BodyLength (9) leading to the CheckSum (10) field, and the CheckSum's value. Results are a
 * length (&gt; 0), {@link #INCOMPLETE}, or a negative frame code with {@link #errorTag()} naming the tag at fault;
 * {@link FixFramer} turns them into the typed {@link FixFramer.Garble} a session logs. Malformed input never throws.
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class Framing {
    public static final byte SOH = 1;
    public static final int INCOMPLETE = 0;
    public static final int GARBLED = -1;
    public static final int BAD_BODY_LENGTH = -2;
    public static final int BAD_CHECKSUM = -3;
    public static final int TOO_LARGE = -4;

    /** The BeginString every session speaks unless told otherwise. */
    public static final String FIX44 = "FIX.4.4";
    public static final byte[] BEGIN = begin(FIX44);
    private static final int TRAILER_LENGTH = 7; // 10=nnn<SOH>

    private final int maxMessageBytes;
    private final byte[] begin;
    private int errorTag;

    public Framing(int maxMessageBytes) {
        this(maxMessageBytes, FIX44);
    }

    /** Frames messages of {@code beginString} (FIX.4.2, FIX.4.4, FIXT.1.1 ...); any other BeginString is garbled. */
    public Framing(int maxMessageBytes, String beginString) {
        if (maxMessageBytes < 64) {
            throw new IllegalArgumentException("maximum message size must be at least 64 bytes");
        }
        this.maxMessageBytes = maxMessageBytes;
        this.begin = begin(beginString);
        this.begin8 = FixMessage.packed(begin, 0, 8);
        this.begin4 = begin.length == 12 ? FixMessage.packed(begin, 8, 4) : -1;
    }

    /** "8=" BeginString SOH "9=": the bytes every message of that BeginString starts with. */
    public static byte[] begin(String beginString) {
        if (beginString == null || beginString.isEmpty() || beginString.length() > 12
                || !beginString.chars().allMatch(c -> c > ' ' && c < 127 && c != '=')) {
            throw new IllegalArgumentException("a BeginString is 1-12 printable characters, such as FIX.4.4 (was '"
                    + beginString + "')");
        }
        return ("8=" + beginString + "\u00019=").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** The bytes a message framed here starts with ({@link #begin(String)}). */
    public byte[] begin() {
        return begin;
    }

    /** The tag the last failure concerns (0 when none applies). */
    public int errorTag() {
        return errorTag;
    }

    /** Human words for a frame result. */
    public static String describe(int code) {
        return switch (code) {
            case INCOMPLETE -> "Incomplete message";
            case GARBLED -> "Garbled message";
            case BAD_BODY_LENGTH -> "Incorrect BodyLength";
            case BAD_CHECKSUM -> "Incorrect CheckSum";
            case TOO_LARGE -> "Message too large";
            default -> code > 0 ? "OK" : "Unknown result " + code;
        };
    }

    /**
     * Looks for one complete message at {@code offset}.
     *
     * @return its length (> 0); {@link #INCOMPLETE} when more bytes are needed; or a negative code: the message is
     *         garbled (does not start {@code 8=FIX.4.4<SOH>9=}), its BodyLength does not lead to the CheckSum field,
     *         its CheckSum is wrong, or it is longer than the maximum
     */
    public int frame(DirectBuffer buffer, int offset, int available) {
        return frame(buffer, offset, available, true);
    }

    /**
     * As {@link #frame}, but the CheckSum's value is left unverified (its field is still checked for shape): for
     * callers that index the message next, which verifies it in the same pass ({@link FixMessage#checksumMatches()}).
     */
    public int frameUnchecked(DirectBuffer buffer, int offset, int available) {
        return frame(buffer, offset, available, false);
    }

    private int frame(DirectBuffer buffer, int offset, int available, boolean verifyChecksum) {
        errorTag = 0;
        byte[] array = buffer.byteArray();
        if (array != null && available >= 32) {
            int at = arrayBase(buffer) + offset;
            if (at >= 0 && at + available <= array.length) {
                int result = frameWords(array, at, available);
                if (result != SLOW_PATH && (result <= 0 || !verifyChecksum
                        || (checksum(buffer, offset, offset + result - TRAILER_LENGTH) & 0xFF) == declaredChecksum)) {
                    return result;
                }
            }
        }
        return frameBytes(buffer, offset, available, verifyChecksum);
    }

    /** {@link #frameWords}: the message is not the usual one; the byte-by-byte path judges it. */
    private static final int SLOW_PATH = Integer.MIN_VALUE;
    /** "SOH 10=" and the SOH that ends the CheckSum's three digits, as the eight bytes from the body's last SOH. */
    private static final long TRAILER_WORD = SOH | '1' << 8 | '0' << 16 | (long) '=' << 24 | (long) SOH << 56;
    private static final long TRAILER_MASK = 0xFF000000FFFFFFFFL;
    private final long begin8;
    private final long begin4;
    private int declaredChecksum;

    /**
     * The usual message, read from its array by whole words: the BeginString and "9=" compared as two words, the
     * BodyLength's digits, and the trailer's fixed bytes as one word. Returns its length (with
     * {@link #declaredChecksum} set), {@link #INCOMPLETE}, or {@link #SLOW_PATH} for anything else (then
     * {@link #frameBytes} finds what is wrong and says so, as it always has). Needs 32 bytes at hand.
     */
    private int frameWords(byte[] array, int at, int available) {
        int prefix = begin.length;
        if (prefix != 12 || Words.get(array, at) != begin8 || (Words.get(array, at + 8) & 0xFFFFFFFFL) != begin4) {
            return SLOW_PATH;
        }
        int i = at + prefix;
        int end = at + available;
        int bodyLength = 0;
        byte b;
        while ((b = array[i]) != SOH) {
            if (b < '0' || b > '9' || i - at - prefix >= 7) {
                return SLOW_PATH;
            }
            bodyLength = bodyLength * 10 + (b - '0');
            if (++i == end) {
                return SLOW_PATH;
            }
        }
        int headerLength = i + 1 - at;
        long total = (long) headerLength + bodyLength + TRAILER_LENGTH;
        if (i == at + prefix || total > maxMessageBytes) {
            return SLOW_PATH;
        }
        if (available < total) {
            return INCOMPLETE;
        }
        long trailer = Words.get(array, at + headerLength + bodyLength - 1); // its SOH, "10=", three digits, SOH
        int d0 = (int) (trailer >>> 32 & 0xFF) - '0';
        int d1 = (int) (trailer >>> 40 & 0xFF) - '0';
        int d2 = (int) (trailer >>> 48 & 0xFF) - '0';
        if ((trailer & TRAILER_MASK) != TRAILER_WORD || d0 < 0 || d0 > 9 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) {
            return SLOW_PATH;
        }
        declaredChecksum = d0 * 100 + d1 * 10 + d2;
        return (int) total;
    }

    /** The byte-by-byte path alone, as every message took it before {@link #frameWords} (tests compare the two). */
    int frameBytes(DirectBuffer buffer, int offset, int available, boolean verifyChecksum) {
        errorTag = 0;
        byte[] begin = this.begin;
        int prefix = Math.min(available, begin.length);
        for (int i = 0; i < prefix; i++) {
            if (buffer.getByte(offset + i) != begin[i]) {
                errorTag = i < begin.length - 3 ? 8 : 9;
                return GARBLED;
            }
        }
        if (available <= begin.length) {
            return INCOMPLETE;
        }
        int i = offset + begin.length;
        int end = offset + available;
        long bodyLength = 0;
        int digits = 0;
        while (i < end && buffer.getByte(i) != SOH) {
            byte b = buffer.getByte(i);
            if (b < '0' || b > '9' || ++digits > 7) {
                errorTag = 9;
                return GARBLED;
            }
            bodyLength = bodyLength * 10 + (b - '0');
            i++;
        }
        if (i >= end) {
            return digits > 0 && i - offset < maxMessageBytes ? INCOMPLETE : tooLarge();
        }
        if (digits == 0) {
            errorTag = 9;
            return GARBLED;
        }
        int headerLength = i + 1 - offset;
        long total = headerLength + bodyLength + TRAILER_LENGTH;
        if (total > maxMessageBytes) {
            return tooLarge();
        }
        if (available < total) {
            return INCOMPLETE;
        }
        int trailer = offset + headerLength + (int) bodyLength;
        if (buffer.getByte(trailer) != '1' || buffer.getByte(trailer + 1) != '0' || buffer.getByte(trailer + 2) != '='
                || buffer.getByte(trailer + 6) != SOH || buffer.getByte(trailer - 1) != SOH) {
            errorTag = 9;
            return BAD_BODY_LENGTH;
        }
        int declared = 0;
        for (int k = 3; k < 6; k++) {
            byte b = buffer.getByte(trailer + k);
            if (b < '0' || b > '9') {
                errorTag = 10;
                return BAD_CHECKSUM;
            }
            declared = declared * 10 + (b - '0');
        }
        if (verifyChecksum && (checksum(buffer, offset, trailer) & 0xFF) != declared) {
            errorTag = 10;
            return BAD_CHECKSUM;
        }
        return (int) total;
    }

    /** Sum of the bytes in [from, to); over the backing array when the buffer has one (no per-byte checks). */
    public static int checksum(DirectBuffer buffer, int from, int to) {
        int sum = 0;
        byte[] array = buffer.byteArray();
        if (array != null) {
            int base = arrayBase(buffer);
            int k = base + from;
            int end = base + to;
            while (k + 8 <= end) {
                // eight bytes at a time into four 16-bit lanes; folded every 128 words (128 × 510 fits a lane)
                long lanes = 0;
                int words = Math.min((end - k) >>> 3, 128);
                for (int w = 0; w < words; w++, k += 8) {
                    long word = (long) FixMessage.LONG_VIEW.get(array, k);
                    lanes += FixMessage.lanes(word);
                }
                sum += (int) ((lanes & 0xFFFF) + ((lanes >>> 16) & 0xFFFF) + ((lanes >>> 32) & 0xFFFF)
                        + (lanes >>> 48));
            }
            for (; k < end; k++) {
                sum += array[k] & 0xFF;
            }
            return sum;
        }
        for (int k = from; k < to; k++) {
            sum += buffer.getByte(k) & 0xFF;
        }
        return sum;
    }

    private int tooLarge() {
        errorTag = 9;
        return TOO_LARGE;
    }

    /** Where a heap buffer's index 0 is in its array. */
    public static int arrayBase(DirectBuffer buffer) {
        return (int) (buffer.addressOffset() - org.agrona.BufferUtil.ARRAY_BASE_OFFSET);
    }
}
