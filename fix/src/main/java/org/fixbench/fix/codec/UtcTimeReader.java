package org.fixbench.fix.codec;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;

/**
 * Parses UTCTimestamps as {@link UtcTime#parse} does, keeping the first 17 bytes ({@code yyyyMMdd-HH:mm:ss}) of the
 * last millisecond timestamp it parsed: a timestamp of that same second costs a comparison and three digits (the
 * calendar arithmetic runs once a second). Other forms take the full parse. One per thread.
 */
public final class UtcTimeReader {
    private boolean cached;
    private long head0;
    private long head8;
    private byte head16;
    private long secondMillis;

    public long parse(DirectBuffer in, int start, int length) {
        if (length != UtcTime.LENGTH) {
            return UtcTime.parse(in, start, length);
        }
        long a = in.getLong(start, ByteOrder.LITTLE_ENDIAN);
        long b = in.getLong(start + 8, ByteOrder.LITTLE_ENDIAN);
        byte c = in.getByte(start + 16);
        // one test for the 17 bytes, not one per word: the second word changes only when the tens of seconds do, so
        // a test of its own is seen failing once in ten seconds, C2 compiles it as never failing when a warm-up
        // did not cross such a boundary, and the next one deoptimised the parse in the middle of a measured run
        // (both JVMs of sbe:tuned at :x0.002, 2026-11-25; their JIT then compiled it again inside the run)
        if (cached && ((a ^ head0) | (b ^ head8) | ((c ^ head16) & 0xFF)) == 0) {
            long ms = UtcTime.number(in, start + 18, 3);
            return in.getByte(start + 17) != '.' || ms < 0 ? UtcTime.INVALID : secondMillis + ms;
        }
        long t = UtcTime.parse(in, start, length);
        if (t != UtcTime.INVALID) {
            cached = true;
            head0 = a;
            head8 = b;
            head16 = c;
            secondMillis = t - UtcTime.number(in, start + 18, 3);
        }
        return t;
    }
}
