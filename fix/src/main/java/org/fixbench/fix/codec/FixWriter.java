package org.fixbench.fix.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Builds one outgoing FIX message: fields are appended to a reused buffer from MsgType on, then {@link #frame} puts
 * BeginString and BodyLength in the room left before the body and CheckSum after it, so the message is whole in
 * this buffer without moving the body. Allocation-free; one per thread.
 */
public final class FixWriter {
    private final UnsafeBuffer body;
    /** The bytes behind {@link #body}, written directly on the hot paths (array stores, checked by the JIT). */
    private final byte[] bytes;
    private int p;

    public FixWriter(int maxMessageBytes) {
        this(maxMessageBytes, Framing.FIX44);
    }

    /** Writes messages of {@code beginString} (FIX.4.4 unless told otherwise). */
    public FixWriter(int maxMessageBytes, String beginString) {
        bytes = new byte[HEAD + maxMessageBytes + SLACK];
        body = new UnsafeBuffer(bytes);
        begin = Framing.begin(beginString);
        begin8 = FixMessage.packed(begin, 0, 8);
        begin4 = begin.length == 12 ? (int) FixMessage.packed(begin, 8, 4) : 0;
        beginSum = Framing.checksum(new UnsafeBuffer(begin), 0, begin.length);
    }

    private static final java.lang.invoke.VarHandle LONG_VIEW = FixMessage.LONG_VIEW;
    public static final java.lang.invoke.VarHandle INT_VIEW =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** Room past the last byte of a message of the maximum size, for stores of whole eight-byte words. */
    private static final int SLACK = 64;
    /** Room before the body for "8=", a BeginString of up to 12 characters, SOH, "9=", 10 digits and SOH. */
    private static final int HEAD = 32;
    /** "8=" BeginString SOH "9=", and its first 8 and (when it is 12 bytes long, as FIX.4.x's are) last 4 packed. */
    private final byte[] begin;
    private final long begin8;
    private final int begin4;
    private final int beginSum;
    private int start;

    public FixWriter reset() {
        p = HEAD;
        return this;
    }

    public int bodyLength() {
        return p - HEAD;
    }

    /** The body's {@code k}-th byte (0 is the '3' of "35="). */
    public byte bodyByte(int k) {
        return body.getByte(HEAD + k);
    }

    /** "tag=" for tags below 1000, packed little-endian into a long, written with one 8-byte store. */
    private static final long[] TAG_PREFIX = new long[1000];
    private static final byte[] TAG_PREFIX_LENGTH = new byte[1000];

    static {
        for (int tag = 1; tag < TAG_PREFIX.length; tag++) {
            byte[] text = (tag + "=").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            TAG_PREFIX[tag] = FixMessage.packed(text, 0, text.length);
            TAG_PREFIX_LENGTH[tag] = (byte) text.length;
        }
    }

    private void tag(int tag) {
        if (tag > 0 && tag < TAG_PREFIX.length) {
            LONG_VIEW.set(bytes, p, TAG_PREFIX[tag]); // the bytes past "=" are overwritten next
            p += TAG_PREFIX_LENGTH[tag];
        } else {
            p += body.putIntAscii(p, tag);
            body.putByte(p++, (byte) '=');
        }
    }

    public FixWriter charField(int tag, byte value) {
        tag(tag);
        return charValue(value);
    }

    public FixWriter longField(int tag, long value) {
        tag(tag);
        natural(value);
        bytes[p++] = Framing.SOH;
        return this;
    }

    /**
     * Writes a number in decimal at p and moves p past it: below 10^16 eight digits at a time ({@link #eightDigits}),
     * others through Agrona's writer.
     */
    private void natural(long value) {
        if (value >= 0 && value < 10_000L) {
            if (value < 10) {
                bytes[p++] = (byte) ('0' + value);
                return;
            }
            int digits = fourDigits((int) value);
            int leadingZeros = Integer.numberOfTrailingZeros(digits) >>> 3; // the number's leading zeros, in bytes
            INT_VIEW.set(bytes, p, (digits >>> (leadingZeros << 3)) + 0x30303030);
            p += 4 - leadingZeros;
        } else if (value >= 0 && value < 100_000_000L) {
            long digits = eightDigits((int) value);
            int leadingZeros = Long.numberOfTrailingZeros(digits) >>> 3; // the number's leading zeros, in bytes
            LONG_VIEW.set(bytes, p, (digits >>> (leadingZeros << 3)) + ZEROS);
            p += 8 - leadingZeros;
        } else if (value >= 100_000_000L && value < 10_000_000_000_000_000L) {
            natural(value / 100_000_000L);
            LONG_VIEW.set(bytes, p, eightDigits((int) (value % 100_000_000L)) + ZEROS);
            p += 8;
        } else {
            p += body.putLongAscii(p, value);
        }
    }

    private static final long ZEROS = 0x3030303030303030L;

    /**
     * As {@link #eightDigits}, for {@code value} 0 to 9,999: four digits in the bytes of an int, the first in the
     * lowest byte.
     */
    public static int fourDigits(int value) {
        int hundreds = (value * 5243) >>> 19; // value / 100 (exact below 43,699)
        int y = hundreds | (value - hundreds * 100) << 16; // 16-bit lanes below 100
        int tens = ((y * 103) >>> 10) & 0x000F000F; // lane / 10 (exact below 179)
        return tens | (y - tens * 10) << 8;
    }

    /**
     * The eight decimal digits of {@code value} (0 to 99,999,999, with leading zeros) as the values 0-9 in the bytes
     * of a long, the first digit in the lowest byte (little-endian, as they are written): split in halves of four
     * digits, each into two of two digits, each into tens and ones, every split done in all lanes by one multiply.
     */
    public static long eightDigits(int value) {
        long x = value / 10_000 | (long) (value % 10_000) << 32; // 32-bit lanes below 10,000
        long hundreds = ((x * 5243) >>> 19) & 0x0000007F0000007FL; // lane / 100 (exact below 43,699)
        long y = hundreds | (x - hundreds * 100) << 16; // 16-bit lanes below 100
        long tens = ((y * 103) >>> 10) & 0x000F000F000F000FL; // lane / 10 (exact below 179)
        return tens | (y - tens * 10) << 8;
    }

    /** Bytes written as they are: whole fields, "tag=value" and SOH, prepared by the caller. */
    public FixWriter raw(byte[] fields) {
        System.arraycopy(fields, 0, bytes, p, fields.length);
        p += fields.length;
        return this;
    }

    /**
     * Bytes laid out once and written by whole eight-byte stores (a template's constant part: "tag=" with the fields
     * around it that never change). The stores may write past its end, into room that what follows overwrites.
     */
    public static final class Constant {
        private final long[] words;
        private final int length;

        private Constant(byte[] bytes) {
            this.length = bytes.length;
            this.words = new long[(bytes.length + 7) >>> 3];
            for (int w = 0; w < words.length; w++) {
                words[w] = FixMessage.packed(bytes, w << 3, Math.min(8, bytes.length - (w << 3)));
            }
        }

        /** {@code text}'s bytes (ASCII; SOH written as \u0001). */
        public static Constant of(String text) {
            return of(text.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }

        public static Constant of(byte[] bytes) {
            if (bytes.length > 256) {
                throw new IllegalArgumentException("a constant is at most 256 bytes (was " + bytes.length + ")");
            }
            return new Constant(bytes.clone());
        }

        public int length() {
            return length;
        }
    }

    /** A template's constant bytes (see {@link Constant}). */
    public FixWriter constant(Constant c) {
        long[] words = c.words;
        int at = p;
        byte[] bytes = this.bytes;
        if (at < 0 || at + (words.length << 3) > bytes.length) {
            throw new IndexOutOfBoundsException("message longer than its buffer");
        }
        for (int w = 0; w < words.length; w++) { // the span checked once above
            Words.put(bytes, at + (w << 3), words[w]);
        }
        p = at + c.length;
        return this;
    }

    /** A one-character value and SOH (its "tag=" written before, by {@link #constant}). */
    public FixWriter charValue(byte value) {
        bytes[p++] = value;
        bytes[p++] = Framing.SOH;
        return this;
    }

    /** A millisecond UTCTimestamp value and SOH. */
    public FixWriter timeValue(UtcTimeWriter time, long epochMillis) {
        p += time.format(epochMillis, bytes, p);
        bytes[p++] = Framing.SOH;
        return this;
    }

    /** A number and SOH: the value of a field whose "tag=" came before (through {@link #raw}). */
    public FixWriter longValue(long value) {
        natural(value);
        bytes[p++] = Framing.SOH;
        return this;
    }

    public FixWriter bytesField(int tag, byte[] value) {
        tag(tag);
        System.arraycopy(value, 0, bytes, p, value.length);
        p += value.length;
        bytes[p++] = Framing.SOH;
        return this;
    }

    /** A value of {@code length} bytes copied from {@code source}. */
    public FixWriter rawField(int tag, DirectBuffer source, int start, int length) {
        tag(tag);
        copy(source, start, length);
        body.putByte(p++, Framing.SOH);
        return this;
    }

    /** Copies {@code length} bytes to the body at p (whole words where both sides have room) and moves p past them. */
    private void copy(DirectBuffer source, int start, int length) {
        int words = (length + 7) & ~7;
        if (length <= 64 && p + words <= body.capacity() && start + words <= source.capacity()) {
            for (int w = 0; w < length; w += 8) {
                body.putLong(p + w, source.getLong(start + w));
            }
        } else {
            body.putBytes(p, source, start, length);
        }
        p += length;
    }

    /** MsgType (35) from its key ({@code first << 8 | second}, second 0 for one-character types). */
    public FixWriter msgType(int typeKey) {
        tag(Tags.MSG_TYPE);
        bytes[p++] = (byte) (typeKey >>> 8);
        if ((typeKey & 0xFF) != 0) {
            bytes[p++] = (byte) typeKey;
        }
        bytes[p++] = Framing.SOH;
        return this;
    }

    /** A millisecond UTCTimestamp field, written by {@code time}. */
    public FixWriter timeField(int tag, UtcTimeWriter time, long epochMillis) {
        tag(tag);
        return timeValue(time, epochMillis);
    }

    /** A value written by the caller straight into the body: returns where it goes; call {@link #endField}. */
    public int beginField(int tag) {
        tag(tag);
        return p;
    }

    public MutableDirectBuffer buffer() {
        return body;
    }

    public FixWriter endField(int valueLength) {
        p += valueLength;
        bytes[p++] = Framing.SOH;
        return this;
    }

    /** An ASCII text value (admin messages and error texts only). */
    public FixWriter stringField(int tag, CharSequence value) {
        tag(tag);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            body.putByte(p++, (byte) (c < 128 && c != 1 ? c : '?'));
        }
        body.putByte(p++, Framing.SOH);
        return this;
    }

    /** A NUL-padded model text field: up to the first NUL or {@code capacity}. */
    public FixWriter textField(int tag, DirectBuffer source, int start, int capacity) {
        tag(tag);
        return textValue(source, start, capacity);
    }

    /** A NUL-padded model text value and SOH (its "tag=" written before): up to the first NUL or {@code capacity}. */
    public FixWriter textValue(DirectBuffer source, int start, int capacity) {
        byte[] from = source.byteArray();
        if (from != null && (capacity & 7) == 0 && p + capacity <= body.capacity()
                && start + capacity <= source.capacity()) {
            // whole words copied until the one holding the first NUL; the bytes past it are overwritten next
            int at = Framing.arrayBase(source) + start;
            int length = capacity;
            for (int w = 0; w < capacity; w += 8) {
                long word = (long) LONG_VIEW.get(from, at + w);
                LONG_VIEW.set(bytes, p + w, word);
                long nul = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
                if (nul != 0) {
                    length = w + (Long.numberOfTrailingZeros(nul) >>> 3);
                    break;
                }
            }
            p += length;
            bytes[p++] = Framing.SOH;
            return this;
        }
        int length = 0;
        while (length < capacity && source.getByte(start + length) != 0) {
            length++;
        }
        copy(source, start, length);
        body.putByte(p++, Framing.SOH);
        return this;
    }

    public FixWriter decimalField(int tag, long mantissa, byte exponent) {
        tag(tag);
        return decimalValue(mantissa, exponent);
    }

    /** A decimal value (the model's mantissa and exponent) and SOH (its "tag=" written before). */
    public FixWriter decimalValue(long mantissa, byte exponent) {
        if (exponent >= 0) {
            natural(mantissa);
            for (int k = 0; k < exponent; k++) {
                bytes[p++] = (byte) '0';
            }
        } else {
            long m = mantissa;
            if (m < 0) {
                body.putByte(p++, (byte) '-');
                m = -m;
            }
            long scale = 1;
            for (int k = 0; k < -exponent; k++) {
                scale *= 10;
            }
            p += body.putLongAscii(p, m / scale);
            body.putByte(p++, (byte) '.');
            long fraction = m % scale;
            for (long s = scale / 10; s > 0; s /= 10) {
                body.putByte(p++, (byte) ('0' + (fraction / s) % 10));
            }
        }
        bytes[p++] = Framing.SOH;
        return this;
    }

    /** Copies the whole message (BeginString, BodyLength, body, CheckSum) to {@code offset}; returns its length. */
    public int frame(MutableDirectBuffer out, int offset) {
        int length = frame();
        out.putBytes(offset, body, start, length);
        return length;
    }

    /**
     * Completes the message in place: BeginString and BodyLength before the body, CheckSum after it. Returns its
     * length; it starts at {@link #start()} in {@link #buffer()}.
     */
    public int frame() {
        int bodyLength = p - HEAD;
        int digits = digits(bodyLength);
        int at = HEAD - 1 - digits - begin.length;
        start = at;
        if (begin.length == 12) {
            LONG_VIEW.set(bytes, at, begin8);
            INT_VIEW.set(bytes, at + 8, begin4);
        } else {
            System.arraycopy(begin, 0, bytes, at, begin.length);
        }
        int v = bodyLength;
        for (int k = HEAD - 2; k >= HEAD - 1 - digits; k--) { // the digits end just before the body's SOH
            bytes[k] = (byte) ('0' + v % 10);
            v /= 10;
        }
        bytes[HEAD - 1] = Framing.SOH;
        int sum = (beginSum + Framing.checksum(body, HEAD - 1 - digits, p)) & 0xFF;
        // "10=nnn" and SOH in one eight-byte store (the eighth byte is past the message)
        long trailer = '1' | '0' << 8 | '=' << 16 | (long) ('0' + sum / 100) << 24
                | (long) ('0' + (sum / 10) % 10) << 32 | (long) ('0' + sum % 10) << 40 | (long) Framing.SOH << 48;
        LONG_VIEW.set(bytes, p, trailer);
        return p + 7 - at;
    }

    /** Where the message {@link #frame()} completed starts in {@link #buffer()}. */
    public int start() {
        return start;
    }

    private static int digits(int value) {
        if (value < 1_000) {
            return value < 10 ? 1 : value < 100 ? 2 : 3;
        }
        int digits = 4;
        for (int v = value / 10_000; v > 0; v /= 10) {
            digits++;
        }
        return digits;
    }
}
