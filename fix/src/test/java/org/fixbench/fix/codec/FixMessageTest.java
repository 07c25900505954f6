package org.fixbench.fix.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.fix.TestFrames;
import org.junit.jupiter.api.Test;
import org.fixbench.fix.dictionary.FixDictionary;
import org.fixbench.fix.session.SessionConfig;

/** The field index (tag lookup, repeats, CheckSum, data fields) and the quick decode that relies on it. */
class FixMessageTest {
    private static final FixDictionary DICTIONARY = SessionConfig.Bundled.FIX44;

    private static UnsafeBuffer buffer(byte[] bytes) {
        return TestFrames.padded(bytes);
    }

    private static byte[] fix(String pipeSeparated) {
        return TestFrames.frame("FIX.4.4", pipeSeparated);
    }

    @Test
    void findsEachTagsFirstFieldAndForgetsThePreviousMessage() {
        FixMessage m = new FixMessage(64);
        byte[] first = fix("35=D|49=A|56=B|34=1|52=x|1111=big|58=t|");
        assertTrue(m.index(buffer(first), 0, first.length, null) > 0);
        assertEquals(7, m.find(1111)); // above the table: found by a walk
        assertEquals(8, m.find(58));
        assertFalse(m.repeatedOrEmpty());
        byte[] second = fix("35=D|49=A|56=B|34=2|52=x|55=S|55=T|");
        assertTrue(m.index(buffer(second), 0, second.length, null) > 0);
        assertEquals(-1, m.find(58), "a tag of the message before");
        assertEquals(-1, m.find(1111));
        assertEquals(7, m.find(55), "the first of two");
        assertTrue(m.repeatedOrEmpty());
        assertEquals(-1, m.find(0));
        assertEquals(-1, m.find(-3));
    }

    /** A value equals an expected one byte for byte: every length, a difference at every place, words and tail. */
    @Test
    void valueEqualsComparesEveryByteOfEveryLength() {
        FixMessage m = new FixMessage(64);
        for (int length = 1; length <= 24; length++) {
            StringBuilder value = new StringBuilder();
            for (int i = 0; i < length; i++) {
                value.append((char) ('A' + i));
            }
            byte[] message = fix("35=0|49=" + value + "|56=B|34=1|52=x|");
            assertTrue(m.index(buffer(message), 0, message.length, null) > 0);
            byte[] expected = value.toString().getBytes(StandardCharsets.US_ASCII);
            assertTrue(m.valueEquals(49, expected), "length " + length);
            for (int at = 0; at < length; at++) {
                byte[] other = expected.clone();
                other[at] = (byte) 'z';
                assertFalse(m.valueEquals(49, other), "length " + length + ", differing at " + at);
            }
            assertFalse(m.valueEquals(49, java.util.Arrays.copyOf(expected, length + 1)), "longer");
            assertFalse(m.valueEquals(49, java.util.Arrays.copyOf(expected, length - 1)), "shorter");
            assertFalse(m.valueEquals(50, expected), "a tag not in the message");
        }
    }

    /** Stamps of every sign and their wrap to 0: a tag is found in its own message only. */
    @Test
    void theTagTableSurvivesItsStampsWrapping() {
        FixMessage m = new FixMessage(64);
        byte[] with58 = fix("35=D|49=A|56=B|34=1|52=x|58=t|");
        byte[] without = fix("35=D|49=A|56=B|34=2|52=x|");
        for (int start : new int[] {Integer.MAX_VALUE - 2, -3, 0}) {
            m.lastGeneration(start);
            for (int k = 0; k < 6; k++) {
                byte[] message = k % 2 == 0 ? with58 : without;
                assertTrue(m.index(buffer(message), 0, message.length, null) > 0);
                assertEquals(k % 2 == 0 ? 7 : -1, m.find(58), "message " + k + " after stamp " + start);
                assertEquals(5, m.find(34));
                assertFalse(m.repeatedOrEmpty());
            }
        }
    }

    /** Bytes outside the buffer are refused, on and off the heap. */
    @Test
    void bytesOutsideTheBufferAreRefused() {
        FixMessage m = new FixMessage(64);
        UnsafeBuffer offHeap = new UnsafeBuffer(ByteBuffer.allocateDirect(32));
        assertThrows(IndexOutOfBoundsException.class, () -> m.index(offHeap, 0, 33, null));
        assertThrows(IndexOutOfBoundsException.class, () -> m.index(offHeap, 30, 3, null));
        assertThrows(IndexOutOfBoundsException.class, () -> m.index(offHeap, -1, 3, null));
        assertThrows(IndexOutOfBoundsException.class, () -> m.index(offHeap, Integer.MAX_VALUE, 2, null));
        assertThrows(IndexOutOfBoundsException.class, () -> Framing.checksum(buffer(new byte[8]), 0, 100));
    }

    @Test
    void aRepeatAboveTheTableOrAnEmptyValueIsFlagged() {
        FixMessage m = new FixMessage(64);
        byte[] repeated = fix("35=D|49=A|56=B|34=1|52=x|5000=a|5000=b|");
        assertTrue(m.index(buffer(repeated), 0, repeated.length, null) > 0);
        assertTrue(m.repeatedOrEmpty());
        byte[] empty = fix("35=D|49=A|56=B|34=1|52=x|58=|");
        assertTrue(m.index(buffer(empty), 0, empty.length, null) > 0);
        assertTrue(m.repeatedOrEmpty());
    }

    @Test
    void aGarbledMessageLeavesNothingToFind() {
        FixMessage m = new FixMessage(64);
        byte[] good = fix("35=D|49=A|56=B|34=1|52=x|");
        assertTrue(m.index(buffer(good), 0, good.length, null) > 0);
        byte[] garbled = "8=FIX.4.4\u00019=5\u000135=D\u000149A\u000110=000\u0001".getBytes(StandardCharsets.US_ASCII);
        assertEquals(FixMessage.GARBLED, m.index(buffer(garbled), 0, garbled.length, null));
        assertEquals(-1, m.find(35));
        assertEquals(-1, m.find(8));
    }

    @Test
    void checksumIsVerifiedOnHeapAndOffHeap() {
        byte[] good = fix("35=0|49=A|56=B|34=1|52=x|");
        FixMessage m = new FixMessage(64);
        assertTrue(m.index(buffer(good), 0, good.length, null) > 0);
        assertTrue(m.checksumMatches());
        UnsafeBuffer offHeap = new UnsafeBuffer(ByteBuffer.allocateDirect(good.length + 10));
        offHeap.putBytes(3, good);
        assertTrue(m.index(offHeap, 3, good.length, null) > 0);
        assertTrue(m.checksumMatches());
        assertEquals('0' << 8, m.typeKey());
        assertEquals(1, m.longValue(34));
        byte[] bad = good.clone();
        bad[bad.length - 2] = (byte) (bad[bad.length - 2] == '9' ? '0' : bad[bad.length - 2] + 1);
        assertTrue(m.index(buffer(bad), 0, bad.length, null) > 0);
        assertFalse(m.checksumMatches());
    }

    /**
     * Messages of every length from 30 to about 600 bytes, and some of 1,000-2,500 bytes of 0xFF (the byte sum's
     * lanes folded as they fill), at any offset in
     * an array whose other bytes are all SOH, with data fields holding SOH: every field is where it was written, and
     * the CheckSum holds until one byte changes.
     */
    @Test
    void indexesEveryFieldOfMessagesOfEveryLength() {
        Random random = new Random(3);
        FixMessage m = new FixMessage(256);
        for (int n = 0; n < 3_000; n++) {
            List<String[]> fields = new ArrayList<>();
            fields.add(new String[] {"35", "D"});
            fields.add(new String[] {"49", "A"});
            int extra = random.nextInt(30);
            for (int k = 0; k < extra; k++) {
                int tag;
                do {
                    tag = 1 + random.nextInt(random.nextBoolean() ? 99 : 3000);
                } while (tag == 8 || tag == 9 || tag == 10 || tag == 35 || DICTIONARY.dataLengthTag(tag) != 0);
                StringBuilder value = new StringBuilder();
                int length = random.nextInt(random.nextInt(4) == 0 ? 40 : 8);
                boolean high = random.nextInt(40) == 0; // a long value of 0xFF bytes: the byte sum's lanes fill up
                length = high ? 1_000 + random.nextInt(1_500) : length;
                for (int i = 0; i < length; i++) {
                    char c = high ? '\u00FF' : (char) (0x20 + random.nextInt(0xE0)); // ISO-8859-1, above 0x7F too
                    value.append(c == '|' ? '=' : c);
                }
                fields.add(new String[] {Integer.toString(tag), value.toString()});
                if (random.nextInt(10) == 0) { // a data field and its length, SOHs ('|') inside
                    String data = "a|b=c|".repeat(random.nextInt(12));
                    fields.add(new String[] {"93", Integer.toString(data.length())});
                    fields.add(new String[] {"89", data});
                }
            }
            StringBuilder body = new StringBuilder();
            for (String[] f : fields) {
                body.append(f[0]).append('=').append(f[1]).append('|');
            }
            byte[] message = fix(body.toString());
            String text = new String(message, StandardCharsets.ISO_8859_1);
            fields.add(0, new String[] {"8", "FIX.4.4"});
            fields.add(1, new String[] {"9", text.substring(text.indexOf("\u00019=") + 3, text.indexOf('\u0001', 10))});
            fields.add(new String[] {"10", text.substring(text.length() - 4, text.length() - 1)});
            int offset = random.nextInt(9);
            byte[] array = new byte[offset + message.length + random.nextInt(9)];
            java.util.Arrays.fill(array, Framing.SOH);
            System.arraycopy(message, 0, array, offset, message.length);
            UnsafeBuffer buffer = new UnsafeBuffer(array);

            assertEquals(fields.size(), m.index(buffer, offset, message.length, DICTIONARY), "fields of " + text);
            int at = offset;
            for (int k = 0; k < fields.size(); k++) {
                String[] f = fields.get(k);
                at += f[0].length() + 1;
                assertEquals(Integer.parseInt(f[0]), m.tag(k), "tag " + k + " of " + text);
                assertEquals(at, m.start(k), "start of field " + k + " of " + text);
                assertEquals(f[1].length(), m.length(k), "length of field " + k + " of " + text);
                at += f[1].length() + 1;
            }
            assertTrue(m.checksumMatches(), text);
            int changed = offset + random.nextInt(message.length - 7);
            if (array[changed] != Framing.SOH && array[changed] != '=') {
                array[changed] = (byte) (array[changed] == 'Q' ? 'R' : 'Q');
                assertTrue(m.index(buffer, offset, message.length, DICTIONARY) < 0 || !m.checksumMatches(),
                        "a byte changed at " + (changed - offset) + " of " + text);
            }
        }
    }

    /**
     * A message with the tags of the message before, in the same order, is indexed by the shape recorded (see
     * FixMessage.record: from the second of a run of messages alike); every other message tag by tag. Either way the index must be the one a fresh index
     * gives: random runs of messages that keep the shape (values changed) or break it (a tag changed, written with a
     * leading zero, a field dropped or added, a repeat, an empty value, an SOH inside a value, a data field, the
     * dictionary switched, the table's stamps wrapping), compared field by field, tag by tag, and by their CheckSum.
     */
    @Test
    void aMessageShapedAsTheOneBeforeIndexesAsInAFreshIndex() {
        Random random = new Random(20261123);
        FixMessage shared = new FixMessage(256);
        List<String[]> fields = randomFields(random);
        int shaped = 0;
        int tagByTag = 0;
        for (int n = 0; n < 20_000; n++) {
            List<String[]> next = new ArrayList<>();
            for (String[] f : fields) {
                if (!f[0].equals("89") && !(f[0].equals("93") && random.nextBoolean())) { // data: re-added below
                    next.add(f.clone());
                }
            }
            if (next.size() < 3) {
                next = randomFields(random);
            }
            int k0 = 1 + random.nextInt(next.size() - 1);
            switch (random.nextInt(24)) {
                case 0 -> next = randomFields(random);
                case 1 -> next.get(k0)[0] = Integer.toString(1 + random.nextInt(1100));
                case 2 -> next.get(k0)[0] = "0" + next.get(k0)[0];
                case 3 -> next.remove(k0);
                case 4 -> next.add(1 + random.nextInt(next.size()), new String[] {"58", "t"});
                case 5 -> next.add(1 + random.nextInt(next.size()), next.get(random.nextInt(next.size())).clone());
                case 6 -> next.get(random.nextInt(next.size()))[1] = "";
                case 7 -> next.add(1 + random.nextInt(next.size()), new String[] {"93", "3"});
                default -> { } // the same tags; the values change below
            }
            for (String[] f : next) {
                if (!f[0].equals("35") && !f[0].equals("93") && !f[1].isEmpty()) {
                    f[1] = randomValue(random);
                }
            }
            if (random.nextInt(24) == 0) { // an SOH inside a value: a field more, or one without '='
                String[] f = next.get(1 + random.nextInt(next.size() - 1));
                f[1] = f[1] + "|" + (random.nextBoolean() ? "x" : "5=");
            }
            int dataAt = -1;
            for (int k = 0; k < next.size(); k++) {
                if (next.get(k)[0].equals("93")) {
                    dataAt = k;
                }
            }
            if (dataAt >= 0) { // the data field after its length, with an SOH and what reads as a field without it
                next.get(dataAt)[1] = "6";
                next.add(dataAt + 1, new String[] {"89", "a|58=b"});
            }
            fields = next;
            StringBuilder body = new StringBuilder();
            for (String[] f : fields) {
                body.append(f[0]).append('=').append(f[1]).append('|');
            }
            byte[] message = fix(body.toString());
            int offset = random.nextInt(9);
            byte[] array = new byte[offset + message.length + random.nextInt(9)];
            System.arraycopy(message, 0, array, offset, message.length);
            UnsafeBuffer buffer = new UnsafeBuffer(array);
            FixDictionary dictionary = random.nextInt(8) == 0 ? null : DICTIONARY;
            if (random.nextInt(500) == 0) {
                shared.lastGeneration(-1 - random.nextInt(3));
            }
            String text = new String(message, StandardCharsets.ISO_8859_1).replace('\u0001', '|');

            FixMessage fresh = new FixMessage(256);
            int expected = fresh.index(buffer, offset, message.length, dictionary);
            assertEquals(expected, shared.index(buffer, offset, message.length, dictionary), text);
            if (shared.shaped()) {
                shaped++;
            } else {
                tagByTag++;
            }
            if (expected < 0) {
                continue;
            }
            assertEquals(fresh.count(), shared.count(), text);
            // messages made only on a failure: made eagerly, 22 million strings took 4.6 s of the test's 4.6 s
            for (int k = 0; k < fresh.count(); k++) {
                int field = k;
                assertEquals(fresh.tag(k), shared.tag(k), () -> "tag " + field + " of " + text);
                assertEquals(fresh.start(k), shared.start(k), () -> "start " + field + " of " + text);
                assertEquals(fresh.length(k), shared.length(k), () -> "length " + field + " of " + text);
            }
            for (int tag = 0; tag <= 1100; tag++) {
                int t = tag;
                assertEquals(fresh.find(tag), shared.find(tag), () -> "tag " + t + " in " + text);
            }
            assertEquals(fresh.repeatedOrEmpty(), shared.repeatedOrEmpty(), text);
            assertEquals(fresh.typeKey(), shared.typeKey(), text);
            assertTrue(shared.checksumMatches(), text);
        }
        assertTrue(shaped > 3_000 && tagByTag > 3_000, shaped + " by the shape, " + tagByTag + " tag by tag");
    }

    private static List<String[]> randomFields(Random random) {
        List<String[]> fields = new ArrayList<>();
        fields.add(new String[] {"35", random.nextBoolean() ? "D" : "8"});
        int extra = 3 + random.nextInt(25);
        for (int k = 0; k < extra; k++) {
            int tag;
            do {
                tag = 1 + random.nextInt(random.nextBoolean() ? 99 : 1100);
            } while (tag == 8 || tag == 9 || tag == 10 || tag == 35 || DICTIONARY.dataLengthTag(tag) != 0
                    || tag == 93);
            fields.add(new String[] {Integer.toString(tag), "v"});
        }
        return fields;
    }

    private static String randomValue(Random random) {
        StringBuilder value = new StringBuilder();
        int length = 1 + random.nextInt(random.nextInt(4) == 0 ? 40 : 8);
        for (int i = 0; i < length; i++) {
            char c = (char) (0x20 + random.nextInt(0xE0)); // ISO-8859-1, above 0x7F too
            value.append(c == '|' ? '=' : c);
        }
        return value.toString();
    }

    @Test
    void aDataFieldKeepsTheSohsItsLengthCovers() {
        byte[] message = fix("35=D|49=A|56=B|34=1|52=x|93=5|89=a\u0001b=c|58=t|");
        FixMessage m = new FixMessage(64);
        assertTrue(m.index(buffer(message), 0, message.length, DICTIONARY) > 0);
        int k = m.find(89);
        assertEquals(5, m.length(k));
        assertEquals(k + 1, m.find(58));
        assertTrue(m.checksumMatches());
        assertEquals(FixMessage.GARBLED, m.index(buffer(message), 0, message.length, null),
                "without the dictionary the data field ends at its first SOH, and 'b=c' is a tag that is not a number");
        m.lastGeneration(-2); // through the stamps' wrap, which clears the table with its data-field marks
        for (int n = 0; n < 4; n++) {
            assertTrue(m.index(buffer(message), 0, message.length, DICTIONARY) > 0, "with the dictionary again, " + n);
            assertEquals(5, m.length(m.find(89)), "message " + n);
        }
    }

    /**
     * The quick decode (each model field found by its tag) must give what the walk over the fields in order gives:
     * the same result, the same tag at fault and the same model bytes, on an order and on many broken ones.
     */
}
