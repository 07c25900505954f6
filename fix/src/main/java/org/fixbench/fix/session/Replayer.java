package org.fixbench.fix.session;

import java.util.function.BooleanSupplier;

/**
 * Answers a ResendRequest from the {@link MessageStore}: stored application messages again (PossDupFlag=Y, their
 * original numbers), one gap fill over each run of everything else (administrative messages, and application
 * messages that have left the store, which it counts). Allocation-free. A replay goes as far as the send buffer has
 * room and goes on at later polls as the peer reads (in chunks, in bounded memory), an acceptor's and an initiator's
 * alike.
 */
final class Replayer {
    private final SessionProxy proxy;
    private final SessionSender sender;
    private long evicted;
    // a replay in progress: its store, the next number to send, the last, and where a run of gap-filled numbers began
    private MessageStore store;
    private long next;
    private long end;
    private long gapStart;
    private boolean pending;

    Replayer(SessionProxy proxy, SessionSender sender) {
        this.proxy = proxy;
        this.sender = sender;
    }

    /** Application messages a ResendRequest asked for that had left the store (gap-filled instead). */
    long evicted() {
        return evicted;
    }

    /**
     * Resends {@code begin} to {@code end} (BeginSeqNo and EndSeqNo as received, both checked: begin ≥ 1, end ≥ 0;
     * end 0 or beyond the last number sent means up to the last one sent), while {@code running} holds, as far as the
     * sender has room ({@link SessionSender#hasRoomToReplay}); the rest when {@link #resume} is called with room.
     */
    void resend(MessageStore store, long begin, long end, BooleanSupplier running) {
        long last = sender.nextSenderSeq() - 1;
        if (pending) { // asked again mid-replay (an initiator reads on while it replays): one replay of both ranges
            long upTo = end == 0 || end > last ? last : end;
            if (begin < next) {
                if (gapStart == 0 || begin < gapStart) {
                    gapStart = 0; // the numbers from begin are walked again, their gap fills found again
                }
                next = begin; // messages sent again with PossDupFlag: a peer drops those it has
            }
            this.end = Math.max(this.end, upTo);
            resume(running);
            return;
        }
        this.store = store;
        this.next = begin;
        this.end = end == 0 || end > last ? last : end;
        this.gapStart = 0;
        this.pending = true;
        resume(running);
    }

    /**
     * Whether a replay stopped for room and has more to send: until it is done, the session sends nothing else (its
     * input waits, and so do its timers), so the peer sees the replayed numbers in order.
     */
    boolean pending() {
        return pending;
    }

    /** Goes on with the replay while the sender has room for a message; a no-op when none is pending. */
    void resume(BooleanSupplier running) {
        while (pending && next <= end && running.getAsBoolean()) {
            if (!sender.hasRoomToReplay()) {
                return; // the peer has not read enough yet: the rest on a later poll
            }
            long seq = next;
            int offset = store.offset(seq);
            if (offset < 0) {
                if (!store.isAdmin(seq)) {
                    evicted++; // an application message no longer in the ring: gap-filled, not resent
                }
                if (gapStart == 0) {
                    gapStart = seq;
                }
                next++;
                continue;
            }
            if (gapStart != 0) {
                proxy.gapFill(gapStart, seq);
                gapStart = 0;
                continue; // the message itself once there is room for it
            }
            if (!proxy.resend(store, seq, offset)) {
                evicted++; // cannot happen for what this session wrote; gap-filled rather than resent garbled
                proxy.gapFill(seq, seq + 1);
            }
            next++;
        }
        if (pending && gapStart != 0 && running.getAsBoolean()) {
            if (!sender.hasRoomToReplay()) {
                return; // the closing gap fill once there is room for it
            }
            proxy.gapFill(gapStart, end + 1);
        }
        pending = false;
        store = null;
    }
}
