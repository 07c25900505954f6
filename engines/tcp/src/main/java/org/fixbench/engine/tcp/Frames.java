package org.fixbench.engine.tcp;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Instant;

import org.fixbench.engine.Workload;

/** Fixed-size frames: the sample FIX message's bytes, with the ClOrdID written over the first 8. */
final class Frames {
    private Frames() {
    }

    /** The sample order's bytes, in a frame of {@code capacity} bytes (zeros after them when longer). */
    static ByteBuffer orderFrame(int capacity) {
        return direct(Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.EPOCH), capacity);
    }

    /** The sample report's bytes, in a frame of {@code capacity} bytes (zeros after them when longer). */
    static ByteBuffer reportFrame(int capacity) {
        return direct(Workload.sampleExecutionReport(1_234_567_890_123_456L, 1, 2, Instant.EPOCH), capacity);
    }

    private static ByteBuffer direct(byte[] bytes, int capacity) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(bytes.length, capacity));
        buffer.put(bytes, 0, Math.min(bytes.length, capacity)).clear();
        return buffer;
    }

    /** Reads until the buffer is full; false if the peer closed before a single byte of it. */
    static boolean readFully(SocketChannel channel, ByteBuffer buffer, TcpEngine.Mode mode, BooleanSupplier stop)
            throws IOException {
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer);
            if (n < 0) {
                if (buffer.position() == 0) {
                    return false;
                }
                throw new EOFException("connection closed in the middle of a frame");
            }
            if (n == 0) {
                if (stop.getAsBoolean()) {
                    return false;
                }
                mode.idle();
            }
        }
        return true;
    }

    /**
     * Writes order frame number {@code at} of the workload's lengths, carrying {@code clOrdId}, through {@code order}
     * (reused); returns the number of the next frame.
     */
    static int sendOrder(SocketChannel channel, ByteBuffer order, FrameLengths lengths, int at, long clOrdId,
                         TcpEngine.Mode mode) throws IOException {
        order.clear().limit(lengths.order(at));
        order.putLong(0, clOrdId);
        writeFully(channel, order, mode);
        return lengths.next(at);
    }

    static void writeFully(SocketChannel channel, ByteBuffer buffer, TcpEngine.Mode mode) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.write(buffer) == 0) {
                mode.idle();
            }
        }
    }

    @FunctionalInterface
    interface BooleanSupplier {
        boolean getAsBoolean();
    }
}
