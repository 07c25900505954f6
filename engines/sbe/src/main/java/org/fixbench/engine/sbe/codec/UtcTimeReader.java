package org.fixbench.engine.sbe.codec;

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
        if (cached && a == head0 && b == head8 && c == head16) {
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
