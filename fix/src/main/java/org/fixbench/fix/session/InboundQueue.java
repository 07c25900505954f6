package org.fixbench.fix.session;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.fix.codec.DataFieldLengths;
import org.fixbench.fix.codec.FixMessage;

/**
 * Messages that came above a gap, kept in arrival order until the gap is filled: their own buffer (each message
 * behind its length) and a replay buffer the message whose turn has come is copied to before the session handles
 * it, so that handling it may queue again without overwriting what it reads. Allocation-free after construction.
 */
final class InboundQueue {
    private final UnsafeBuffer queue;
    private final UnsafeBuffer replay;
    private int write;
    private int read;

    InboundQueue(int capacityBytes, int maxMessageBytes) {
        queue = new UnsafeBuffer(new byte[capacityBytes]);
        replay = new UnsafeBuffer(new byte[maxMessageBytes + 64]);
    }

    /** Whether {@code buffer} is this queue's replay buffer: a queued message being handled again. */
    boolean isReplay(DirectBuffer buffer) {
        return buffer == replay;
    }

    /** Appends a message; false when it does not fit (the resend will bring it again). */
    boolean add(DirectBuffer buffer, int offset, int length) {
        if (read == write) {
            clear();
        }
        if (write + 4 + length > queue.capacity()) {
            return false;
        }
        queue.putInt(write, length);
        queue.putBytes(write + 4, buffer, offset, length);
        write += 4 + length;
        return true;
    }

    void clear() {
        read = 0;
        write = 0;
    }

    boolean isEmpty() {
        return read >= write;
    }

    /** Indexes the oldest message into {@code into} (in place, not copied); the result of {@link FixMessage#index}. */
    int indexOldest(FixMessage into, DataFieldLengths dictionary) {
        return into.index(queue, read + 4, queue.getInt(read), dictionary);
    }

    /** Drops the oldest message. */
    void dropOldest() {
        read += 4 + queue.getInt(read);
    }

    /** Takes the oldest message out into {@link #replay()} (from index 0); returns its length. */
    int takeOldest() {
        int length = queue.getInt(read);
        replay.putBytes(0, queue, read + 4, length);
        read += 4 + length;
        return length;
    }

    DirectBuffer replay() {
        return replay;
    }
}
