package org.fixbench.engine.sbe.session;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The sent application messages a ResendRequest may ask for, in memory: a byte ring of fixed capacity and an index
 * by sequence number. Preallocated; storing allocates nothing. When the ring wraps, the oldest messages are gone and
 * a resend covers them with a gap fill (the session counts this); size the ring for the run in the profile.
 */
public final class MessageStore {
    private final UnsafeBuffer data;
    private final int capacity;
    private final long[] seqs;
    private final long[] positions;
    private final int[] lengths;
    private long writePosition;

    public MessageStore(int capacityBytes, int maxMessages) {
        data = new UnsafeBuffer(new byte[capacityBytes]);
        capacity = capacityBytes;
        seqs = new long[maxMessages];
        positions = new long[maxMessages];
        lengths = new int[maxMessages];
    }

    public void clear() {
        java.util.Arrays.fill(seqs, 0);
        writePosition = 0;
    }

    /** Keeps message {@code seq} (length bytes at offset). Messages larger than the ring are not kept. */
    public void put(long seq, DirectBuffer message, int offset, int length) {
        int slot = (int) (seq % seqs.length);
        if (length > capacity) {
            seqs[slot] = 0;
            return;
        }
        long at = writePosition;
        int index = (int) (at % capacity);
        if (index + length > capacity) {
            at += capacity - index; // skip the ring's tail: messages are kept contiguous
            index = 0;
        }
        data.putBytes(index, message, offset, length);
        seqs[slot] = seq;
        positions[slot] = at;
        lengths[slot] = length;
        writePosition = at + length;
    }

    /** Marks {@code seq} as an admin message: not kept, a resend covers it with a gap fill. */
    public void skip(long seq) {
        seqs[(int) (seq % seqs.length)] = -seq;
    }

    /** Whether {@code seq} was marked as an admin message (and its slot not reused since). */
    public boolean isAdmin(long seq) {
        return seqs[(int) (seq % seqs.length)] == -seq;
    }

    /** The stored message's offset in {@link #buffer()}, or -1 if it is not (or no longer) kept. */
    public int offset(long seq) {
        int slot = (int) (seq % seqs.length);
        if (seqs[slot] != seq || positions[slot] < writePosition - capacity) {
            return -1;
        }
        return (int) (positions[slot] % capacity);
    }

    public int length(long seq) {
        return lengths[(int) (seq % seqs.length)];
    }

    public DirectBuffer buffer() {
        return data;
    }
}
