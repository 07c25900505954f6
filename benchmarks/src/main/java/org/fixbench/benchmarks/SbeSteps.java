package org.fixbench.benchmarks;

import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.time.Instant;
import java.util.Properties;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.app.OrderPath;
import org.fixbench.fix.codec.MsgTypes;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;

/**
 * The sbe server's per-order steps without a socket, through the engine's public order path: parse is
 * {@link OrderPath#parse} (index with CheckSum, [dictionary], decode into the model); encode is what the server's
 * application does with a decoded order ({@link FixSession#begin} for the header, {@link OrderPath#reportBody},
 * {@link FixSession#send}: BodyLength, CheckSum, kept in the store for resends, written to a channel that drops it).
 */
final class SbeSteps {
    private final OrderPath path;
    private final FixSession session;

    /** @param validation "dictionary" (sbe:published) or "session" (sbe:tuned) */
    SbeSteps(String validation) {
        Properties p = new Properties();
        p.setProperty("validation", validation);
        SessionConfig config = SessionConfig.of(p, Workload.SERVER_COMP_ID, Workload.CLIENT_COMP_ID, true);
        path = new OrderPath(config);
        session = new FixSession(config, new Discard(), (s, m) -> true, () -> 0L, null, new SessionRecord(1 << 16, 16));
        byte[] order = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.parse("2026-11-22T12:00:00Z"));
        if (path.parse(new UnsafeBuffer(order), 0, order.length) < 0) {
            throw new IllegalStateException("the workload's order does not parse");
        }
    }

    /** Parses an order; returns its quantity (the model's mantissa) or a negative number. */
    long parse(DirectBuffer buffer, int offset, int length) {
        int result = path.parse(buffer, offset, length);
        return result < 0 ? result : path.orderQtyMantissa();
    }

    /**
     * Encodes and sends (to nowhere) the ExecutionReport for the last parsed order, SendingTime and TransactTime at
     * {@code nowMillis} (the session's time set to it, as the server's poll does); returns the next MsgSeqNum.
     */
    long encode(long nowMillis) {
        session.at(nowMillis);
        path.reportBody(nowMillis, session.begin(MsgTypes.EXECUTION_REPORT));
        session.send();
        return session.nextSenderSeq();
    }

    /** A connection that reads nothing and drops what is written. */
    private static final class Discard implements ByteChannel {
        @Override
        public int read(ByteBuffer dst) {
            return 0;
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
}
