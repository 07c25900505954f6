package org.fixbench.engine;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The server's probe points shared with a client in another process on the same host: a memory-mapped file in
 * which the server writes, for its k-th order, when it had the order parsed and when its report was about to go
 * ({@link System#nanoTime()}, the host's monotonic clock, which every process on one host shares), and from which
 * the client reads them when the k-th report arrives. So the legs client→server, server processing and
 * server→client are measured across processes as they are within one. Only a forked server on the orchestrator's
 * own host gets a ring; a remote server has no common clock with the client, and its legs are not measured.
 *
 * <p>The server side is a {@link ServerHooks}: two ordered stores per order, no allocation.
 */
public final class ProbeRing implements ServerHooks, AutoCloseable {
    /** Orders in flight the ring can tell apart (far more than any run keeps unanswered). */
    public static final int SLOTS = 1 << 20;
    private static final int MASK = SLOTS - 1;
    private static final long BYTES = 16L * SLOTS;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private final FileChannel channel;
    private final MappedByteBuffer map;
    private long order;

    private ProbeRing(Path file, boolean create) throws IOException {
        channel = create
                ? FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        map = channel.map(FileChannel.MapMode.READ_WRITE, 0, BYTES);
    }

    /** The ring file, made (and sized) by whoever starts the server; the server and the client then open it. */
    public static void createFile(Path file) throws IOException {
        try (ProbeRing ring = new ProbeRing(file, true)) {
            ring.map.force();
        }
    }

    public static ProbeRing open(Path file) throws IOException {
        return new ProbeRing(file, false);
    }

    // ---- server side, on its handling thread

    @Override
    public void orderReceived() {
        LONGS.setRelease(map, (int) ((order & MASK) << 4), System.nanoTime());
    }

    @Override
    public void reportSending() {
        LONGS.setRelease(map, (int) (((order & MASK) << 4) + 8), System.nanoTime());
        order++;
    }

    // ---- client side

    /** When the server had order {@code k} (counted from 0 on its session) parsed. */
    public long receivedNanos(long k) {
        return (long) LONGS.getAcquire(map, (int) ((k & MASK) << 4));
    }

    /** When the server's report for order {@code k} was about to be handed to its transport. */
    public long sendingNanos(long k) {
        return (long) LONGS.getAcquire(map, (int) (((k & MASK) << 4) + 8));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
