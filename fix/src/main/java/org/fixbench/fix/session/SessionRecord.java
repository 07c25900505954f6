package org.fixbench.fix.session;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What a FIX session keeps across its connections: the next sequence numbers each way and the store of sent
 * messages for resends. There is one per session (not per connection): an acceptor makes its session's record, store
 * included, when it starts (a store of the benchmark profiles' size takes about 100 ms to allocate, which must not
 * land inside a Logon), and a connection that never logs on only ever touches a small scratch record. With
 * ResetOnDisconnect the numbers start again at 1 after every connection.
 *
 * <p>In memory (the default) the record goes with the process. {@linkplain #inFile In a file} (profile setting
 * {@code store=file}) the numbers and the store are written into a file mapped into memory, and a process started
 * again on the same file goes on from them: the numbers it had sent and received, and the messages it can resend.
 * The file is not synced: it outlives the process (the kernel's page cache holds what was written, SIGKILL
 * included), not the machine. {@linkplain #inFile(Path, int, int, boolean) Synced} (profile setting
 * {@code storeSync=Y}), every change of a number and every message kept is forced to the disk (msync of its pages)
 * before the session goes on: what it sent and received outlives the machine, as QuickFIX/J's
 * {@code FileStoreSync=Y}, at a system call for each.
 */
public final class SessionRecord {
    /** The file's first bytes: "fixbench sbe store 1". */
    static final long MAGIC = 0x6669_7862_7362_6531L;
    private static final int HEADER_BYTES = 64;
    private static final int H_MAGIC = 0;
    private static final int H_CAPACITY = 8;
    private static final int H_MESSAGES = 12;
    private static final int H_WRITE_POSITION = 16;
    private static final int H_NEXT_SENDER = 24;
    private static final int H_NEXT_TARGET = 32;

    private final int storeBytes;
    private final int storeMessages;
    private MessageStore store;
    private long nextSenderSeq = 1;
    private long nextTargetSeq = 1;
    /**
     * The mapped file's header (null: in memory), and its mappings: released when the record is collected, never
     * before (a thread still reading a mapping released under it would crash the JVM).
     */
    private final UnsafeBuffer header;
    private final MappedByteBuffer[] mapped;
    private final boolean recovered;
    /** Whether every change is forced to the disk before it returns. */
    private final boolean synced;

    public SessionRecord(int storeBytes, int storeMessages) {
        this.storeBytes = storeBytes;
        this.storeMessages = storeMessages;
        this.header = null;
        this.mapped = null;
        this.recovered = false;
        this.synced = false;
    }

    private SessionRecord(int storeBytes, int storeMessages, MappedByteBuffer[] mapped, boolean recovered,
                          boolean synced) {
        this.storeBytes = storeBytes;
        this.storeMessages = storeMessages;
        this.mapped = mapped;
        this.header = new UnsafeBuffer(mapped[0]);
        this.recovered = recovered;
        this.synced = synced;
        this.store = new MessageStore(new UnsafeBuffer(mapped[2]), new UnsafeBuffer(mapped[1]), header,
                H_WRITE_POSITION);
        if (recovered) {
            nextSenderSeq = header.getLongVolatile(H_NEXT_SENDER);
            nextTargetSeq = header.getLongVolatile(H_NEXT_TARGET);
        } else {
            header.putInt(H_CAPACITY, storeBytes);
            header.putInt(H_MESSAGES, storeMessages);
            nextSenderSeq(1);
            nextTargetSeq(1);
            header.putLongOrdered(H_MAGIC, MAGIC); // last: a file without it is made again
        }
    }

    /**
     * The record kept in {@code file}: the one a process before this one left there, if the file holds a record of
     * the same bounds, or a new one (the file made, or made again). Its pages are touched now, so that the first
     * messages do not fault them in.
     */
    public static SessionRecord inFile(Path file, int storeBytes, int storeMessages) throws IOException {
        return inFile(file, storeBytes, storeMessages, false);
    }

    /** As above; {@code synced}: every change forced to the disk before it returns (see the class comment). */
    public static SessionRecord inFile(Path file, int storeBytes, int storeMessages, boolean synced)
            throws IOException {
        long indexBytes = (long) storeMessages * MessageStore.ENTRY_BYTES;
        long total = HEADER_BYTES + indexBytes + storeBytes;
        Files.createDirectories(file.toAbsolutePath().getParent());
        boolean recovered = false;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            if (channel.size() == total) {
                MappedByteBuffer head = channel.map(FileChannel.MapMode.READ_ONLY, 0, HEADER_BYTES);
                UnsafeBuffer h = new UnsafeBuffer(head);
                recovered = h.getLong(H_MAGIC) == MAGIC && h.getInt(H_CAPACITY) == storeBytes
                        && h.getInt(H_MESSAGES) == storeMessages;
                IoUtil.unmap(head);
            }
            if (!recovered) {
                channel.truncate(0);
                allocate(channel, total);
            }
            MappedByteBuffer[] maps = {channel.map(FileChannel.MapMode.READ_WRITE, 0, HEADER_BYTES),
                    channel.map(FileChannel.MapMode.READ_WRITE, HEADER_BYTES, indexBytes),
                    channel.map(FileChannel.MapMode.READ_WRITE, HEADER_BYTES + indexBytes, storeBytes)};
            if (!recovered) {
                // a new file: the index zeroed (it is: a sparse file reads as zeros), every page touched now
                for (MappedByteBuffer m : maps) {
                    for (int at = 0; at < m.capacity(); at += 4096) {
                        m.put(at, m.get(at));
                    }
                }
            }
            if (synced) {
                for (MappedByteBuffer m : maps) {
                    m.force(); // a fresh or recovered file starts out on the disk
                }
            }
            return new SessionRecord(storeBytes, storeMessages, maps, recovered, synced);
        }
    }

    /**
     * Writes {@code bytes} of zeros into the empty file behind {@code channel}: its blocks are taken now, so that a
     * disk without the room says so here, as an IOException, and not later as a fault inside the mapping (on a full
     * tmpfs, a sparse file's first touch of a page killed the server with an InternalError).
     */
    private static void allocate(FileChannel channel, long bytes) throws IOException {
        java.nio.ByteBuffer zeros = java.nio.ByteBuffer.allocateDirect(1 << 20);
        long at = 0;
        while (at < bytes) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - at));
            while (zeros.hasRemaining()) {
                at += channel.write(zeros, at);
            }
        }
    }

    /** Whether this record is kept in a file (its numbers outlive the process), not in memory. */
    public boolean persistent() {
        return header != null;
    }

    /** Whether every change is forced to the disk before it returns. */
    public boolean synced() {
        return synced;
    }

    /**
     * With a synced record, message {@code seq}, just kept (or skipped), on the disk: its bytes, its index entry and
     * the store's write position. Nothing otherwise.
     */
    void synced(long seq) {
        if (!synced) {
            return;
        }
        MessageStore s = store;
        int offset = s.offset(seq);
        if (offset >= 0) {
            mapped[2].force(offset, s.length(seq));
        }
        mapped[1].force(s.entryOffset(seq), MessageStore.ENTRY_BYTES);
        mapped[0].force(0, HEADER_BYTES);
    }

    private void syncHeader() {
        if (synced) {
            mapped[0].force(0, HEADER_BYTES);
        }
    }

    /** Whether this record went on from one a process before this one left in its file. */
    public boolean recovered() {
        return recovered;
    }

    /** Allocates the store now rather than on first use. */
    public SessionRecord allocate() {
        store();
        return this;
    }

    /** The store, allocated on first use. */
    public MessageStore store() {
        if (store == null) {
            store = new MessageStore(storeBytes, storeMessages);
        }
        return store;
    }

    long nextSenderSeq() {
        return nextSenderSeq;
    }

    void nextSenderSeq(long seq) {
        nextSenderSeq = seq;
        if (header != null) {
            header.putLongOrdered(H_NEXT_SENDER, seq);
            syncHeader();
        }
    }

    long nextTargetSeq() {
        return nextTargetSeq;
    }

    void nextTargetSeq(long seq) {
        nextTargetSeq = seq;
        if (header != null) {
            header.putLongOrdered(H_NEXT_TARGET, seq);
            syncHeader();
        }
    }

    /** Both sides start again at 1 and nothing sent can be resent. */
    public void reset() {
        nextSenderSeq(1);
        nextTargetSeq(1);
        if (store != null) {
            store.clear();
        }
    }
}
