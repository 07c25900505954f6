package org.fixbench.fix.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class UtcTimeWriterTest {
    private static final DateTimeFormatter FIX =
            DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    /** The cached second must never leak into another second: walks across boundaries, forwards and back. */
    @Test
    void writesWhatJavaTimeWritesAcrossSecondsDaysAndYears() {
        UtcTimeWriter writer = new UtcTimeWriter();
        UtcTimeWriter arrays = new UtcTimeWriter(); // its own cache, written through format(long, byte[], int)
        UnsafeBuffer out = new UnsafeBuffer(new byte[40]);
        long[] starts = {0, -1, 1_798_761_599_000L - 3, 951_868_799_998L, 1_795_219_200_000L, -86_400_001L};
        Random random = new Random(7);
        for (long start : starts) {
            long t = start;
            for (int k = 0; k < 2_000; k++) {
                t += random.nextInt(4) == 0 ? -random.nextInt(3) : random.nextInt(700);
                int n = writer.format(t, out, 5);
                assertEquals(UtcTime.LENGTH, n);
                String written = out.getStringWithoutLengthAscii(5, n);
                assertEquals(FIX.format(Instant.ofEpochMilli(t)), written, "at " + t);
                byte[] array = new byte[40];
                assertEquals(UtcTime.LENGTH, arrays.format(t, array, 3), "into an array");
                assertEquals(written, new String(array, 3, UtcTime.LENGTH, java.nio.charset.StandardCharsets.US_ASCII),
                        "into an array at " + t);
            }
        }
        assertEquals(0, out.getByte(4), "nothing before the offset");
        assertEquals(0, out.getByte(5 + UtcTime.LENGTH), "nothing after the timestamp");
    }
}
