package org.fixbench.fix.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class UtcTimeReaderTest {
    /**
     * Whatever the bytes, the reader answers as the full parse does: timestamps of the same second back to back (the
     * cached way), the next second, broken fractions after a cached second, other lengths and broken dates.
     */
    @Test
    void answersAsTheFullParseDoes() {
        UtcTimeReader reader = new UtcTimeReader();
        UnsafeBuffer text = new UnsafeBuffer(new byte[64]);
        Random random = new Random(11);
        String[] fractions = {".000", ".999", ".5a7", ",123", ".12", ".123456", ""};
        String[] seconds = {"20261123-10:00:00", "20261123-10:00:01", "20261123-23:59:59", "19991231-23:59:60",
            "20261323-10:00:00", "20261123-10:60:00", "2026112-310:00:00", "20240229-12:00:00"};
        int valid = 0;
        int invalid = 0;
        for (int k = 0; k < 20_000; k++) {
            String second = seconds[random.nextInt(random.nextInt(4) == 0 ? seconds.length : 2)];
            String fraction = random.nextInt(5) == 0 ? fractions[random.nextInt(fractions.length)]
                    : String.format(".%03d", random.nextInt(1000));
            byte[] bytes = (second + fraction).getBytes(StandardCharsets.US_ASCII);
            int at = 3 + random.nextInt(8);
            text.setMemory(0, text.capacity(), (byte) '9');
            text.putBytes(at, bytes);
            long expected = UtcTime.parse(text, at, bytes.length);
            assertEquals(expected, reader.parse(text, at, bytes.length), second + fraction);
            if (expected == UtcTime.INVALID) {
                invalid++;
            } else {
                valid++;
            }
        }
        assertTrue(valid > 5_000 && invalid > 1_000, valid + " valid, " + invalid + " invalid");
    }
}
