package org.fixbench.fix.session;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The sent application messages a ResendRequest may ask for: a byte ring of fixed capacity and an index by sequence
 * number, in memory or in a {@linkplain SessionRecord#inFile file} mapped into memory. Preallocated; storing allocates
 * nothing. When the ring wraps, the oldest messages are gone and a resend covers them with a gap fill (the session
 * counts this); size the ring for the run in the profile.
 */
public final class MessageStore {
    /** One index entry: the sequence number (negative: an admin message), the ring position, the length. */
    static final int ENTRY_BYTES = 24;
    private static final int SEQ = 0;
    private static final int POSITION = 8;
    private static final int LENGTH = 16;

    private final UnsafeBuffer data;
    private final int capacity;
    private final UnsafeBuffer index;
    private final int maxMessages;
    /** Where the write position is kept as well (a file's header), or null. */
    private final UnsafeBuffer header;
    private final int headerPositionOffset;
    private long writePosition;

    public MessageStore(int capacityBytes, int maxMessages) {
        this(new UnsafeBuffer(new byte[capacityBytes]), new UnsafeBuffer(new byte[maxMessages * ENTRY_BYTES]), null,
                0);
    }

    /**
     * A store over given memory ({@code index}: {@code maxMessages} entries of {@link #ENTRY_BYTES}); {@code header}
     * (null: none) keeps the write position at {@code headerPositionOffset}, which is read from it at once.
     */
    MessageStore(UnsafeBuffer data, UnsafeBuffer index, UnsafeBuffer header, int headerPositionOffset) {
        this.data = data;
        this.capacity = data.capacity();
        this.index = index;
        this.maxMessages = index.capacity() / ENTRY_BYTES;
        this.header = header;
        this.headerPositionOffset = headerPositionOffset;
        this.writePosition = header == null ? 0 : header.getLong(headerPositionOffset);
    }

    public void clear() {
        index.setMemory(0, index.capacity(), (byte) 0);
        position(0);
    }

    private void position(long at) {
        writePosition = at;
        if (header != null) {
            header.putLongOrdered(headerPositionOffset, at);
        }
    }

    private int entry(long seq) {
        return (int) (seq % maxMessages) * ENTRY_BYTES;
    }

    /** Keeps message {@code seq} (length bytes at offset). Messages larger than the ring are not kept. */
    public void put(long seq, DirectBuffer message, int offset, int length) {
        int e = entry(seq);
        if (length > capacity) {
            index.putLong(e + SEQ, 0);
            return;
        }
        long at = writePosition;
        int ringIndex = (int) (at % capacity);
        if (ringIndex + length > capacity) {
            at += capacity - ringIndex; // skip the ring's tail: messages are kept contiguous
            ringIndex = 0;
        }
        data.putBytes(ringIndex, message, offset, length);
        index.putLong(e + POSITION, at);
        index.putInt(e + LENGTH, length);
        index.putLongOrdered(e + SEQ, seq); // last: an entry read after a crash is whole or not there
        position(at + length);
    }

    /** Marks {@code seq} as an admin message: not kept, a resend covers it with a gap fill. */
    public void skip(long seq) {
        index.putLong(entry(seq) + SEQ, -seq);
    }

    /** Whether {@code seq} was marked as an admin message (and its slot not reused since). */
    public boolean isAdmin(long seq) {
        return index.getLong(entry(seq) + SEQ) == -seq;
    }

    /** The stored message's offset in {@link #buffer()}, or -1 if it is not (or no longer) kept. */
    public int offset(long seq) {
        int e = entry(seq);
        long position = index.getLong(e + POSITION);
        if (index.getLong(e + SEQ) != seq || position < writePosition - capacity) {
            return -1;
        }
        return (int) (position % capacity);
    }

    public int length(long seq) {
        return index.getInt(entry(seq) + LENGTH);
    }

    /** Where {@code seq}'s entry is in the index, bytes from its start. */
    int entryOffset(long seq) {
        return entry(seq);
    }

    public DirectBuffer buffer() {
        return data;
    }
}
