package org.fixbench.fix.codec;

import java.nio.ByteOrder;

import org.agrona.BufferUtil;
import org.agrona.UnsafeApi;

/**
 * Eight bytes of a byte array read or written as one little-endian long, without a bounds check: for loops that
 * check their whole span once before (a {@code VarHandle} view checks every access, which the JIT does not always
 * lift out of short loops; measured in the engine's README, "Why the code is shaped so"). The caller keeps every access inside the
 * array.
 */
public final class Words {
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private Words() {
    }

    /** The bytes {@code at} to {@code at + 7}, the first one lowest. */
    public static long get(byte[] array, int at) {
        long word = UnsafeApi.getLong(array, BufferUtil.ARRAY_BASE_OFFSET + at);
        return LITTLE_ENDIAN ? word : Long.reverseBytes(word);
    }

    /** Stores {@code word} into the bytes {@code at} to {@code at + 7}, its lowest byte first. */
    public static void put(byte[] array, int at, long word) {
        UnsafeApi.putLong(array, BufferUtil.ARRAY_BASE_OFFSET + at, LITTLE_ENDIAN ? word : Long.reverseBytes(word));
    }
}
