package org.fixbench.fix.codec;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One framed FIX message seen as an index of its fields (tag, where the value starts, how long it is), built
 * without allocating and reused for every message (its tables grow once for a longer message than any before). The
 * values stay in the receive buffer; the index is valid until the next {@link #index}.
 *
 * <p>Indexing takes two passes. The first reads the message eight bytes at a time, each word on its own (no word
 * waits for the one before), into a map of where the SOHs are and the sum of all bytes for the CheckSum. The second
 * takes the fields from SOH to SOH. Where the message has the tags of the last one recorded, in the same order (every
 * order of a session is like the one before), the second pass only compares each field's tag bytes with the
 * recorded ones, one word per field, and keeps the tag table as it is; otherwise it reads each tag's digits, enters
 * it in the table and, when the tags look like those of the message before (a weighted sum of them), records the
 * shape for the next (recording after every message indexed tag by tag cost orders that alternate two tag orders
 * more than it saved; what each choice measured is in the engine's README, "Why the code is shaped so").
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
    private int messageStart;
    private boolean repeatedOrEmpty;
    /** Tags below this are found through {@link #slots}; others by a walk over the fields. */
    private static final int DIRECT_TAGS = 1024;
    /**
     * Per tag: the {@link #generation} of the message it was last seen in (bits 16 and up) and its first field in
     * that message (the low 16 bits).
     */
    private final long[] slots = new long[DIRECT_TAGS];
    /** Where the SOHs of the message being indexed are: bit k of long g for byte 64 × g + k. */
    private long[] sohBits = new long[8];
    /** The sum of all the bytes of the message indexed (for its CheckSum). */
    private int byteSum;
    private int generation;
    /** The shape recorded (see {@link #record}): how many fields (0: none), each field's tag bytes and their width. */
    private int shapeCount;
    private final long[] shapeWords;
    private final byte[] shapeWidths;
    private boolean shapeRepeated;
    private DataFieldLengths shapeDictionary;
    private boolean shaped;
    /** A sum over the tags of the last message indexed tag by tag, weighted by their places; -1: not recordable. */
    private long lastFingerprint = -1;
    /** Numbers the shapes recorded; {@link #shape()} of the message indexed (0: it has none). */
    private long shapesRecorded;
    private long shape;

    public FixMessage(int maxFields) {
        if (maxFields > Short.MAX_VALUE) {
            throw new IllegalArgumentException("at most " + Short.MAX_VALUE + " fields");
        }
        tags = new int[maxFields];
        starts = new int[maxFields];
        lengths = new int[maxFields];
        shapeWords = new long[maxFields];
        shapeWidths = new byte[maxFields];
    }

    /**
     * Indexes the message of {@code length} bytes at {@code offset} (already framed: BodyLength and CheckSum
     * verified). Data fields (raw bytes that may hold SOH) take the length their length field gave, as the
     * dictionary pairs them; {@code dictionary} may be null (then data fields are read up to SOH).
     *
     * A tag written as 0 or as a negative number is kept as that number (an invalid tag number, for the validator
     * to reject; never looked up by tag).
     *
     * @return the number of fields, or {@link #GARBLED} (a tag is not a number, a field has no '=', more fields
     *         than the index holds, or the first three fields are not 8, 9 and 35)
     */
    public int index(DirectBuffer buffer, int offset, int length, DataFieldLengths dictionary) {
        byte[] array = buffer.byteArray();
        int base;
        int from;
        if (array != null) {
            this.buffer = buffer;
            base = Framing.arrayBase(buffer);
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
        int[] dataLengthTags = dictionary == null ? null : dictionary.dataLengthTags();
        int[] tags = this.tags;
        int[] starts = this.starts;
        int[] lengths = this.lengths;
        this.count = 0;
        this.messageStart = from - base;
        typeKey = 0;
        // pass 1, eight bytes at a time and each word on its own: one bit per SOH byte, 64 bytes to a long
        int groups = (length + 63) >>> 6;
        long[] sohBits = this.sohBits;
        if (sohBits.length <= groups) {
            sohBits = this.sohBits = new long[Math.max(groups + 1, 2 * sohBits.length)];
        }
        if (from < 0 || length < 0 || from + length > array.length) {
            throw new IndexOutOfBoundsException("message outside its buffer");
        }
        int fullWords = length >>> 3;
        int fullGroups = fullWords >>> 3;
        int byteSum = 0;
        for (int g = 0; g < fullGroups; g++) { // eight words to a group (a loop the JIT unrolls whole)
            int at = from + (g << 6);
            long bits = 0;
            long lanes = 0;
            for (int j = 0; j < 8; j++) {
                long word = Words.get(array, at + (j << 3));
                lanes += lanes(word);
                bits |= sohs(word) << (j << 3);
            }
            sohBits[g] = bits;
            byteSum += sum(lanes);
        }
        long lastBits = 0; // the last group: its whole words, then the bytes past them as one word read from the end
        long lanes = 0;
        int w = fullGroups << 3;
        for (; w < fullWords; w++) {
            long word = Words.get(array, from + (w << 3));
            lanes += lanes(word);
            lastBits |= sohs(word) << ((w & 7) << 3);
        }
        int tail = length & 7;
        if (tail != 0) {
            long word = length >= 8 ? Words.get(array, from + length - 8) >>> ((8 - tail) << 3)
                    : packed(array, from, tail);
            lanes += lanes(word);
            lastBits |= sohs(word) << ((w & 7) << 3);
        }
        sohBits[fullGroups] = lastBits;
        byteSum += sum(lanes);
        this.byteSum = byteSum;
        // pass 2: a field up to each SOH
        int count = 0;
        int group = 0;
        long bits = sohBits[0];
        int fieldStart = 0; // from `from`
        boolean empty = false;
        // first as the last message recorded: the same tags in the same order, so only where each value starts and
        // ends is new; the tag table keeps that message's stamp (its fields are at the same places in the index)
        int shapeCount = this.shapeCount;
        if (shapeCount > 0 && shapeDictionary == dictionary) {
            long[] shapeWords = this.shapeWords;
            byte[] shapeWidths = this.shapeWidths;
            while (count < shapeCount && fieldStart < length) {
                while (bits == 0 && group + 1 < groups) {
                    bits = sohBits[++group];
                }
                if (bits == 0) {
                    break;
                }
                int soh = (group << 6) + Long.numberOfTrailingZeros(bits);
                int width = shapeWidths[count]; // the tag's digits and '=' (read only where the field has room)
                if (soh - fieldStart < width || tagWord(array, from + fieldStart, width) != shapeWords[count]) {
                    break;
                }
                bits &= bits - 1;
                int valueStart = from + fieldStart + width;
                starts[count] = valueStart - base;
                lengths[count] = soh + from - valueStart;
                empty |= soh + from == valueStart;
                count++;
                fieldStart = soh + 1;
            }
            if (count == shapeCount && fieldStart == length) {
                shaped = true; // and the shape number stays the one recorded
                this.count = count;
                this.repeatedOrEmpty = shapeRepeated | empty;
                return typed(array, base, count);
            }
        }
        // otherwise tag by tag: a new stamp, the fields taken so far entered under it, and the shape recorded anew
        shaped = false;
        this.shapeCount = 0;
        shape = 0;
        long stamp = (nextGeneration() & 0xFFFFFFFFL) << 16;
        long[] slots = this.slots;
        boolean repeated = false;
        long fingerprint = 0; // of the tags in their order (cheaper than recording the shape)
        for (int k = 0; k < count; k++) {
            int tag = tags[k];
            fingerprint += (long) tag * (2 * k + 1);
            if ((slots[tag] & ~0xFFFFL) == stamp) {
                repeated = true;
            } else {
                slots[tag] = stamp | k;
            }
        }
        boolean recordable = true; // no data field, no tag beyond the table
        while (fieldStart < length) {
            while (bits == 0) {
                if (++group == groups) {
                    return GARBLED; // no SOH ends the field
                }
                bits = sohBits[group];
            }
            int soh = (group << 6) + Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            int i = from + fieldStart;
            int end = from + soh;
            int tag;
            int d0 = array[i] - '0';
            int d1;
            if (d0 > 0 && d0 <= 9 && array[i + 1] == '=') {
                tag = d0; // one digit
                i += 1;
            } else if (d0 > 0 && d0 <= 9 && (d1 = array[i + 1] - '0') >= 0 && d1 <= 9 && array[i + 2] == '=') {
                tag = d0 * 10 + d1; // two digits
                i += 2;
            } else {
                tag = 0;
                boolean negative = array[i] == '-';
                int tagStart = negative ? ++i : i;
                byte b;
                while (i < end && (b = array[i]) != '=') {
                    if (b < '0' || b > '9' || i - tagStart > 8) {
                        return GARBLED;
                    }
                    tag = tag * 10 + (b - '0');
                    i++;
                }
                if (i >= end || i == tagStart) {
                    return GARBLED;
                }
                if (negative) {
                    tag = -tag; // with 0: a tag number outside the valid range, kept for the validator to reject
                }
            }
            if (count == tags.length) {
                return GARBLED;
            }
            int valueStart = i + 1;
            if (dataLengthTags != null && tag > 0 && tag < dataLengthTags.length && dataLengthTags[tag] != 0 && count > 0
                    && tags[count - 1] == dataLengthTags[tag]) {
                recordable = false;
                long declared = parseLong(this.buffer, starts[count - 1], lengths[count - 1]);
                if (declared >= 0 && valueStart + declared < from + length
                        && array[valueStart + (int) declared] == Framing.SOH) {
                    // a data field: its bytes may hold SOH; the next field starts past its declared length
                    end = valueStart + (int) declared;
                    soh = end - from;
                    group = soh >>> 6;
                    bits = sohBits[group] & (-2L << (soh & 63));
                }
            }
            tags[count] = tag;
            starts[count] = valueStart - base;
            lengths[count] = end - valueStart;
            empty |= end == valueStart;
            fingerprint += (long) tag * (2 * count + 1);
            if (tag <= 0) {
                recordable = false; // an invalid tag number: never looked up, never a shape
            } else if (tag < DIRECT_TAGS) {
                if ((slots[tag] & ~0xFFFFL) == stamp) {
                    repeated = true; // the first one stays the one found
                } else {
                    slots[tag] = stamp | count;
                }
            } else {
                recordable = false;
                repeated |= largeTagRepeated(tag, count);
            }
            count++;
            fieldStart = soh + 1;
        }
        this.count = count;
        this.repeatedOrEmpty = repeated | empty;
        // the shape is recorded when a message seems to have the tags of the one indexed before it: a run of
        // messages alike is indexed by its shape from its third, and messages that differ pay no recording
        fingerprint = recordable ? fingerprint + ((long) count << 48) : -1;
        if (fingerprint >= 0 && fingerprint == lastFingerprint) {
            record(array, base, count, repeated, dictionary);
        }
        lastFingerprint = fingerprint;
        return typed(array, base, count);
    }

    /** A word's bytes as four 16-bit lanes of sums of two bytes (eight words add at most 8 × 510 to a lane). */
    public static long lanes(long word) {
        return (word & 0x00FF00FF00FF00FFL) + ((word >>> 8) & 0x00FF00FF00FF00FFL);
    }

    /** The sum of the four lanes. */
    private static int sum(long lanes) {
        return (int) ((lanes * 0x0001000100010001L) >>> 48);
    }

    /** One bit per byte of the word that is SOH, the first byte's lowest. */
    private static long sohs(long word) {
        long x = word ^ 0x0101010101010101L;
        // 0x80 in each byte that was SOH (exact in every byte, unlike the first-zero test)
        long soh = ~(((x & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL) | x | 0x7F7F7F7F7F7F7F7FL);
        // the eight top bits gathered into one byte
        return ((soh >>> 7) * 0x0102040810204080L) >>> 56;
    }

    /**
     * Keeps the message just indexed tag by tag as the shape the next one is first tried against: each field's tag
     * as written with its '=' (one to five bytes, packed as {@link #tagWord} reads them).
     */
    private void record(byte[] array, int base, int count, boolean repeated, DataFieldLengths dictionary) {
        int fieldStart = messageStart;
        for (int k = 0; k < count; k++) {
            int width = starts[k] - fieldStart;
            if (width > 8) {
                return; // a tag written with leading zeros: no shape
            }
            shapeWidths[k] = (byte) width;
            shapeWords[k] = tagWord(array, base + fieldStart, width);
            fieldStart = starts[k] + lengths[k] + 1;
        }
        shapeRepeated = repeated;
        shapeDictionary = dictionary;
        shapeCount = count;
        shape = ++shapesRecorded;
    }

    /**
     * {@code width} (1 to 8) bytes from {@code at}, packed little-endian into a long (the rest zero); the bytes must
     * lie in the array, the eight from {@code at} need not.
     */
    private static long tagWord(byte[] array, int at, int width) {
        if (at + 8 <= array.length) {
            return Words.get(array, at) & (-1L >>> ((8 - width) << 3));
        }
        if (at + width >= 8) {
            return Words.get(array, at + width - 8) >>> ((8 - width) << 3);
        }
        return packed(array, at, width);
    }

    /** The last checks on the fields indexed, and the message's type. */
    private int typed(byte[] array, int base, int count) {
        if (count < 4 || tags[0] != 8 || tags[1] != 9 || tags[2] != 35 || lengths[2] < 1) {
            return GARBLED;
        }
        typeKey = lengths[2] > 2 ? MsgTypes.UNKNOWN
                : MsgTypes.key(array[base + starts[2]], lengths[2] == 2 ? array[base + starts[2] + 1] : 0);
        return count;
    }

    /** A new stamp for the tag table (all stamps cleared once in 2^32 messages, when it wraps). */
    private int nextGeneration() {
        if (++generation == 0) {
            java.util.Arrays.fill(slots, 0);
            generation = 1;
        }
        return generation;
    }

    /**
     * The number of the shape the message indexed has in this index: messages with the same number (non-zero) have
     * the same tags in the same order, and were indexed by the same dictionary. 0: no shape (the message has a data
     * field, a tag of 1,024 or above, or is garbled).
     */
    public long shape() {
        return shape;
    }

    /** For tests: whether the last message was indexed by the shape of the one before. */
    public boolean shaped() {
        return shaped;
    }

    /** For tests: the stamp the next message follows (to walk through the wrap). */
    public void lastGeneration(int generation) {
        this.generation = generation;
        this.shapeCount = 0;
    }

    private boolean largeTagRepeated(int tag, int field) {
        for (int k = 0; k < field; k++) {
            if (tags[k] == tag) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a tag appears more than once or a field has no value (then {@link #find} still gives each tag's first
     * field, but a reader that must reject such a message should walk the fields in order).
     */
    public boolean repeatedOrEmpty() {
        return repeatedOrEmpty;
    }

    /**
     * Whether the message ends with CheckSum (10) and its value is the sum of the bytes before that field, modulo 256.
     */
    public boolean checksumMatches() {
        int last = count - 1;
        if (last < 0 || tags[last] != 10 || lengths[last] != 3) {
            return false;
        }
        long declared = parseLong(buffer, starts[last], 3);
        // the bytes before "10=": all the message's bytes (summed while indexing) less "10=", the value and SOH
        int trailer = '1' + '0' + '=' + buffer.getByte(starts[last]) + buffer.getByte(starts[last] + 1)
                + buffer.getByte(starts[last] + 2) + Framing.SOH;
        return declared >= 0 && ((byteSum - trailer) & 0xFF) == declared;
    }

    public static final java.lang.invoke.VarHandle LONG_VIEW =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** {@code length} (at most 8) bytes of {@code bytes} from {@code from}, packed little-endian into a long. */
    public static long packed(byte[] bytes, int from, int length) {
        long packed = 0;
        for (int k = length - 1; k >= 0; k--) {
            packed = (packed << 8) | (bytes[from + k] & 0xFF);
        }
        return packed;
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
        if (tag < DIRECT_TAGS) {
            if (tag <= 0) {
                return -1;
            }
            long slot = slots[tag];
            int field = (int) (slot & 0xFFFF);
            return (slot >>> 16) == (generation & 0xFFFFFFFFL) && field < count ? field : -1;
        }
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
        int n = expected.length;
        if (k < 0 || lengths[k] != n) {
            return false;
        }
        int start = starts[k];
        byte[] array = buffer.byteArray();
        int at = array == null ? -1 : Framing.arrayBase(buffer) + start;
        if (n >= 8 && at >= 0 && at + n <= array.length) {
            // whole words, the last one ending with the value (overlapping the one before): a CompID of 15 bytes is
            // two compares
            for (int i = 0; i + 8 < n; i += 8) {
                if (Words.get(array, at + i) != (long) LONG_VIEW.get(expected, i)) {
                    return false;
                }
            }
            return Words.get(array, at + n - 8) == (long) LONG_VIEW.get(expected, n - 8);
        }
        int i = 0;
        for (; i + 8 <= n; i += 8) { // a word at a time
            if (buffer.getLong(start + i, java.nio.ByteOrder.LITTLE_ENDIAN) != (long) LONG_VIEW.get(expected, i)) {
                return false;
            }
        }
        for (; i < n; i++) {
            if (buffer.getByte(start + i) != expected[i]) {
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
    public static long parseLong(DirectBuffer buffer, int start, int length) {
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
