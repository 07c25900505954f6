package org.fixbench.engine;

import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.GatheringByteChannel;

/**
 * Two connected ends without a socket, for a round trip measured in one thread (JMH's {@code RoundTrips}): what one
 * end writes, the other reads, through a buffer off the heap (as a socket's would be copied from). Non-blocking: a read
 * of nothing returns 0, a write to a full pipe writes what fits. Not thread-safe; allocates nothing after construction.
 */
public final class MemoryPipe {
    private final Buffer toServer;
    private final Buffer toClient;
    private final End client;
    private final End server;

    public MemoryPipe(int capacityBytes) {
        toServer = new Buffer(capacityBytes);
        toClient = new Buffer(capacityBytes);
        client = new End(toClient, toServer);
        server = new End(toServer, toClient);
    }

    /** The client's end: reads what the server wrote. */
    public End client() {
        return client;
    }

    /** The server's end: reads what the client wrote. */
    public End server() {
        return server;
    }

    private static final class Buffer {
        private final ByteBuffer bytes;

        Buffer(int capacity) {
            bytes = ByteBuffer.allocateDirect(capacity);
        }

        int write(ByteBuffer src) {
            int n = Math.min(src.remaining(), bytes.remaining());
            int limit = src.limit();
            src.limit(src.position() + n);
            bytes.put(src);
            src.limit(limit);
            return n;
        }

        int read(ByteBuffer dst) {
            bytes.flip();
            int n = Math.min(dst.remaining(), bytes.remaining());
            int limit = bytes.limit();
            bytes.limit(bytes.position() + n);
            dst.put(bytes);
            bytes.limit(limit);
            bytes.compact();
            return n;
        }
    }

    /** One end of the pipe, a channel as engines take a socket's. */
    public static final class End implements ByteChannel, GatheringByteChannel {
        private final Buffer in;
        private final Buffer out;
        private int lastWriteBytes;

        private End(Buffer in, Buffer out) {
            this.in = in;
            this.out = out;
        }

        @Override
        public int read(ByteBuffer dst) {
            return in.read(dst);
        }

        @Override
        public int write(ByteBuffer src) {
            return lastWriteBytes = out.write(src);
        }

        /** The bytes the last single-buffer write through this end took. */
        public int lastWriteBytes() {
            return lastWriteBytes;
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            long n = 0;
            for (int i = offset; i < offset + length; i++) {
                int wanted = srcs[i].remaining();
                int wrote = out.write(srcs[i]);
                n += wrote;
                if (wrote < wanted) {
                    break;
                }
            }
            return n;
        }

        @Override
        public long write(ByteBuffer[] srcs) {
            return write(srcs, 0, srcs.length);
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }
}
