package org.fixbench.benchmarks;

import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;

/** A channel that takes every byte written to it and drops it: the socket of the codec benchmarks' senders. */
public final class DiscardChannel implements GatheringByteChannel {
    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
        long n = 0;
        for (int i = offset; i < offset + length; i++) {
            n += write(srcs[i]);
        }
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs) {
        return write(srcs, 0, srcs.length);
    }

    @Override
    public int write(ByteBuffer src) {
        int n = src.remaining();
        src.position(src.limit());
        return n;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {
    }
}
