package org.fixbench.engine.sbe;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One framed FIX message seen as an index of its fields (tag, where the value starts, how long it is), built
 * without allocating and reused for every message. The values stay in the receive buffer; the index is valid until
 * the next {@link #index}.
 */
public final class FixMessage {
    /** {@link #index} result: the message is not a sequence of tag=value fields starting 8, 9, 35. */
    public static final int GARBLED = -1;

    private final int[] tags;
    private final int[] starts;
    private final int[] lengths;
    private final UnsafeBuffer copy = new UnsafeBuffer(new byte[1024]);
    private DirectBuffer buffer;
    private int count;
    private int typeKey;
    private int sum;
    private int lastFieldSum;

    public FixMessage(int maxFields) {
        tags = new int[maxFields];
        starts = new int[maxFields];
        lengths = new int[maxFields];
    }

    /**
     * Indexes the message of {@code length} bytes at {@code offset} (already framed: BodyLength and CheckSum
     * verified). Data fields (raw bytes that may hold SOH) take the length their length field gave, as the
     * dictionary pairs them; {@code dictionary} may be null (then data fields are read up to SOH).
     *
     * @return the number of fields, or {@link #GARBLED} (a tag is not a number, a field has no '=', more fields
     *         than the index holds, or the first three fields are not 8, 9 and 35)
     */
    public int index(DirectBuffer buffer, int offset, int length, FixDictionary dictionary) {
        byte[] array = buffer.byteArray();
        int base;
        int from;
        if (array != null) {
            this.buffer = buffer;
            base = (int) (buffer.addressOffset() - BufferUtil.ARRAY_BASE_OFFSET);
            from = base + offset;
        } else { // off-heap bytes: indexed in a copy, which then backs the values
            if (copy.capacity() < length) {
                copy.wrap(new byte[Math.max(length, 2 * copy.capacity())]);
            }
            copy.putBytes(0, buffer, offset, length);
            this.buffer = copy;
            array = copy.byteArray();
            base = 0;
            from = 0;
        }
        count = 0;
        typeKey = 0;
        int i = from;
        int end = from + length;
        int previousTag = 0;
        long previousValue = -1;
        int sum = 0;
        int fieldStartSum = 0;
        int lastFieldSum = 0;
        while (i < end) {
            int tag = 0;
            int tagStart = i;
            byte b;
            while (i < end && (b = array[i]) != '=') {
                if (b < '0' || b > '9' || i - tagStart > 8) {
                    return GARBLED;
                }
                tag = tag * 10 + (b - '0');
                sum += b;
                i++;
            }
            if (i >= end || i == tagStart || tag == 0 || count == tags.length) {
                return GARBLED;
            }
            int valueStart = ++i;
            int dataLength = dictionary == null ? 0 : dictionary.dataLengthTag(tag);
            if (dataLength != 0 && dataLength == previousTag && previousValue >= 0 && valueStart + previousValue < end
                    && array[valueStart + (int) previousValue] == FixCodec.SOH) {
                i = valueStart + (int) previousValue;
                for (int k = valueStart; k < i; k++) {
                    sum += array[k] & 0xFF;
                }
            } else {
                // eight bytes at a time: find SOH in a word, add the bytes before it to the checksum
                while (i + 8 <= end) {
                    long word = (long) LONG_VIEW.get(array, i);
                    long x = word ^ 0x0101010101010101L;
                    long soh = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L;
                    if (soh != 0) {
                        int n = Long.numberOfTrailingZeros(soh) >>> 3;
                        sum += byteSum(word & ((1L << (n << 3)) - 1));
                        i += n;
                        break;
                    }
                    sum += byteSum(word);
                    i += 8;
                }
                byte v;
                while (i < end && (v = array[i]) != FixCodec.SOH) {
                    sum += v & 0xFF;
                    i++;
                }
                if (i >= end) {
                    return GARBLED;
                }
            }
            tags[count] = tag;
            starts[count] = valueStart - base;
            lengths[count] = i - valueStart;
            count++;
            previousTag = tag;
            previousValue = dictionary != null && dictionary.type(tag) == FixDictionary.T_LENGTH
                    ? parseLong(this.buffer, valueStart - base, i - valueStart) : -1;
            sum += '=' + FixCodec.SOH;
            lastFieldSum = sum - fieldStartSum;
            fieldStartSum = sum;
            i++; // SOH
        }
        this.sum = sum;
        this.lastFieldSum = lastFieldSum;
        if (count < 4 || tags[0] != 8 || tags[1] != 9 || tags[2] != 35 || lengths[2] < 1) {
            return GARBLED;
        }
        typeKey = lengths[2] > 2 ? MsgTypes.UNKNOWN
                : FixDictionary.key(array[base + starts[2]], lengths[2] == 2 ? array[base + starts[2] + 1] : 0);
        return count;
    }

    /**
     * Whether the message ends with CheckSum (10) and its value is the sum of the bytes before it, modulo 256
     * (computed while indexing: one pass over the bytes for both).
     */
    public boolean checksumMatches() {
        int last = count - 1;
        if (last < 0 || tags[last] != 10 || lengths[last] != 3) {
            return false;
        }
        long declared = parseLong(buffer, starts[last], 3);
        return declared >= 0 && ((sum - lastFieldSum) & 0xFF) == declared;
    }

    static final java.lang.invoke.VarHandle LONG_VIEW =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** {@code length} (at most 8) bytes of {@code bytes} from {@code from}, packed little-endian into a long. */
    static long packed(byte[] bytes, int from, int length) {
        long packed = 0;
        for (int k = length - 1; k >= 0; k--) {
            packed = (packed << 8) | (bytes[from + k] & 0xFF);
        }
        return packed;
    }

    /** The sum of a word's eight bytes (unsigned). */
    static int byteSum(long word) {
        long pairs = (word & 0x00FF00FF00FF00FFL) + ((word >>> 8) & 0x00FF00FF00FF00FFL);
        return (int) ((pairs * 0x0001000100010001L) >>> 48);
    }

    public int count() {
        return count;
    }

    public int tag(int field) {
        return tags[field];
    }

    public int start(int field) {
        return starts[field];
    }

    public int length(int field) {
        return lengths[field];
    }

    public DirectBuffer buffer() {
        return buffer;
    }

    /** MsgType (35) as {@code first << 8 | second} (second 0 for one-character types). */
    public int typeKey() {
        return typeKey;
    }

    public boolean isType(char type) {
        return typeKey == (type << 8);
    }

    /** The index of the first field with this tag, or -1. */
    public int find(int tag) {
        for (int k = 0; k < count; k++) {
            if (tags[k] == tag) {
                return k;
            }
        }
        return -1;
    }

    public boolean has(int tag) {
        return find(tag) >= 0;
    }

    /** The tag's value as a non-negative number, -1 if absent, -2 if not a number. */
    public long longValue(int tag) {
        int k = find(tag);
        return k < 0 ? -1 : parseLong(buffer, starts[k], lengths[k]);
    }

    /** Whether a one-character field is present and has this value. */
    public boolean isFlag(int tag, char value) {
        int k = find(tag);
        return k >= 0 && lengths[k] == 1 && buffer.getByte(starts[k]) == value;
    }

    /** Whether the tag's value equals {@code expected} byte for byte. */
    public boolean valueEquals(int tag, byte[] expected) {
        int k = find(tag);
        if (k < 0 || lengths[k] != expected.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (buffer.getByte(starts[k] + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    /** Appends the tag's value to {@code out} (for error texts; allocates only on those paths). */
    public String text(int tag) {
        int k = find(tag);
        if (k < 0) {
            return "";
        }
        byte[] bytes = new byte[lengths[k]];
        buffer.getBytes(starts[k], bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** A non-negative decimal number of at most 18 digits; -2 when the bytes are not one. */
    static long parseLong(DirectBuffer buffer, int start, int length) {
        if (length < 1 || length > 18) {
            return -2;
        }
        long value = 0;
        for (int i = 0; i < length; i++) {
            byte b = buffer.getByte(start + i);
            if (b < '0' || b > '9') {
                return -2;
            }
            value = value * 10 + (b - '0');
        }
        return value;
    }
}
