package org.fixbench.fix.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class FixWriterTest {
    /** Numbers are written as Long.toString writes them, at every length and across every split of the writer. */
    @Test
    void writesNumbersAsLongToStringDoes() {
        List<Long> values = new ArrayList<>();
        for (long power = 1; power > 0 && power <= Long.MAX_VALUE / 10 * 10; power *= 10) {
            for (long near = -2; near <= 2; near++) {
                values.add(power + near);
            }
            if (power > Long.MAX_VALUE / 10) {
                break;
            }
        }
        values.add(0L);
        values.add(Long.MAX_VALUE);
        values.add(Long.MIN_VALUE);
        values.add(-1L);
        values.add(-123_456_789_012L);
        Random random = new Random(11);
        for (int k = 0; k < 20_000; k++) {
            long value = random.nextLong() >>> random.nextInt(64);
            values.add(value);
        }
        FixWriter w = new FixWriter(256);
        for (long value : values) {
            w.reset().longField(34, value).charField(35, (byte) 'D');
            assertEquals("34=" + value + "\u000135=D\u0001", body(w), "for " + value);
        }
    }

    /** Every value of eight digits: the digit split is exact for each (checked against the division). */
    @Test
    void splitsEveryEightDigitValueIntoItsDigits() {
        for (int value = 0; value < 100_000_000; value += 1 + (value % 31)) {
            long digits = FixWriter.eightDigits(value);
            int v = value;
            for (int k = 7; k >= 0; k--) {
                int digit = k;
                int of = value;
                // the message made only on a failure: made eagerly, 48 million strings took most of 5.3 s
                assertEquals(v % 10, (int) (digits >>> (8 * k)) & 0xFF, () -> "digit " + digit + " of " + of);
                v /= 10;
            }
        }
    }

    /**
     * A framed message is whole: BeginString, BodyLength, the body as written and its CheckSum, for every length and
     * each BeginString the suite speaks (FIXT.1.1's is a byte longer than FIX.4.x's); {@link Framing} of the same
     * BeginString frames it back whole, one of another refuses it as garbled.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"FIX.4.4", "FIX.4.2", "FIXT.1.1"})
    void framesTheBodyWithItsLengthAndCheckSum(String beginString) {
        FixWriter w = new FixWriter(20_000, beginString);
        Framing same = new Framing(20_100, beginString);
        Framing other = new Framing(20_100, beginString.equals("FIX.4.4") ? "FIX.4.2" : "FIX.4.4");
        UtcTimeWriter time = new UtcTimeWriter();
        StringBuilder text = new StringBuilder();
        for (int size = 0; size < 12_000; size = size * 3 / 2 + 1) {
            text.setLength(0);
            for (int k = 0; k < size; k++) {
                text.append((char) ('A' + k % 26));
            }
            w.reset().msgType('A' << 8).longField(34, size).timeField(52, time, 1_795_219_200_123L)
                    .stringField(58, text);
            String body = "35=A\u000134=" + size + "\u000152=20261121-00:00:00.123\u000158=" + text + "\u0001";
            int sum = 0;
            String head = "8=" + beginString + "\u00019=" + body.length() + "\u0001";
            for (char c : (head + body).toCharArray()) {
                sum += c;
            }
            String expected = head + body + String.format("10=%03d\u0001", sum % 256);
            int length = w.frame();
            byte[] out = new byte[length];
            w.buffer().getBytes(w.start(), out);
            assertEquals(expected, new String(out, StandardCharsets.US_ASCII), "body of " + body.length() + " bytes");
            org.agrona.concurrent.UnsafeBuffer framed = new org.agrona.concurrent.UnsafeBuffer(out);
            assertEquals(length, same.frame(framed, 0, length), "framed back");
            assertEquals(Framing.GARBLED, other.frame(framed, 0, length), "another BeginString");
        }
    }

    /** Every value of four digits, as the division gives them. */
    @Test
    void splitsEveryFourDigitValueIntoItsDigits() {
        for (int value = 0; value < 10_000; value++) {
            int digits = FixWriter.fourDigits(value);
            int v = value;
            for (int k = 3; k >= 0; k--) {
                assertEquals(v % 10, (digits >>> (8 * k)) & 0xFF, "digit " + k + " of " + value);
                v /= 10;
            }
        }
    }

    private static String body(FixWriter w) {
        byte[] bytes = new byte[w.bodyLength()];
        for (int k = 0; k < bytes.length; k++) {
            bytes[k] = w.bodyByte(k);
        }
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
