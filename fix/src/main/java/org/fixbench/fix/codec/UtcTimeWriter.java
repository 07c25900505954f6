package org.fixbench.fix.codec;

import java.nio.ByteOrder;

import org.agrona.MutableDirectBuffer;

/**
 * Writes millisecond UTCTimestamps ({@code yyyyMMdd-HH:mm:ss.sss}) as {@link UtcTime#format} does, keeping the
 * first 17 bytes of the last second written: within that second a timestamp is three stores (the calendar
 * arithmetic runs once a second). One per thread.
 */
public final class UtcTimeWriter {
    private long second = Long.MIN_VALUE;
    private long head0;
    private long head8;
    private byte head16;
    private final org.agrona.concurrent.UnsafeBuffer scratch = new org.agrona.concurrent.UnsafeBuffer(new byte[32]);

    /**
     * Writes {@code epochMillis} at {@code index} of {@code out} (at least 24 bytes of room: whole words are stored);
     * returns {@link UtcTime#LENGTH}.
     */
    public int format(long epochMillis, byte[] out, int index) {
        long s = Math.floorDiv(epochMillis, 1000);
        if (s != second) {
            remember(s);
        }
        int ms = (int) Math.floorMod(epochMillis, 1000L);
        FixMessage.LONG_VIEW.set(out, index, head0);
        FixMessage.LONG_VIEW.set(out, index + 8, head8);
        FixMessage.LONG_VIEW.set(out, index + 16, head16 & 0xFFL | millis(ms) << 8);
        return UtcTime.LENGTH;
    }

    private void remember(long s) {
        UtcTime.format(s * 1000, scratch, 0);
        head0 = scratch.getLong(0, ByteOrder.LITTLE_ENDIAN);
        head8 = scratch.getLong(8, ByteOrder.LITTLE_ENDIAN);
        head16 = scratch.getByte(16);
        second = s;
    }

    /** ".sss" for {@code ms} milliseconds, packed little-endian. */
    private static long millis(int ms) {
        return '.' | ('0' + ms / 100) << 8 | ('0' + ms / 10 % 10) << 16 | ('0' + ms % 10) << 24;
    }

    /** Writes {@code epochMillis} at {@code offset} (at least {@link UtcTime#LENGTH} bytes of room); returns that length. */
    public int format(long epochMillis, MutableDirectBuffer out, int offset) {
        long s = Math.floorDiv(epochMillis, 1000);
        if (s != second) {
            remember(s);
        }
        int ms = (int) Math.floorMod(epochMillis, 1000L);
        out.putLong(offset, head0, ByteOrder.LITTLE_ENDIAN);
        out.putLong(offset + 8, head8, ByteOrder.LITTLE_ENDIAN);
        out.putByte(offset + 16, head16);
        out.putInt(offset + 17, (int) millis(ms), ByteOrder.LITTLE_ENDIAN);
        return UtcTime.LENGTH;
    }
}
