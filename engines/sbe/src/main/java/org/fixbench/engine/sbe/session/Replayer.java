package org.fixbench.engine.sbe.session;

import java.util.function.BooleanSupplier;

/**
 * Answers a ResendRequest from the {@link MessageStore}: stored application messages again (PossDupFlag=Y, their
 * original numbers), one gap fill over each run of everything else (administrative messages, and application
 * messages that have left the store, which it counts). Allocation-free.
 */
final class Replayer {
    private final SessionProxy proxy;
    private final SessionSender sender;
    private long evicted;

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
     * end 0 or beyond the last number sent means up to the last one sent), while {@code running} holds.
     */
    void resend(MessageStore store, long begin, long end, BooleanSupplier running) {
        long last = sender.nextSenderSeq() - 1;
        if (end == 0 || end > last) {
            end = last;
        }
        long gapStart = 0;
        for (long seq = begin; seq <= end && running.getAsBoolean(); seq++) {
            int offset = store.offset(seq);
            if (offset < 0) {
                if (!store.isAdmin(seq)) {
                    evicted++; // an application message no longer in the ring: gap-filled, not resent
                }
                if (gapStart == 0) {
                    gapStart = seq;
                }
                continue;
            }
            if (gapStart != 0) {
                proxy.gapFill(gapStart, seq);
                gapStart = 0;
            }
            if (!proxy.resend(store, seq, offset)) {
                evicted++; // cannot happen for what this session wrote; gap-filled rather than resent garbled
                proxy.gapFill(seq, seq + 1);
            }
        }
        if (gapStart != 0) {
            proxy.gapFill(gapStart, end + 1);
        }
    }
}
