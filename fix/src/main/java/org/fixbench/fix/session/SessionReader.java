package org.fixbench.fix.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.fix.codec.FixFramer;

/**
 * The input side of a session: reads the connection into a buffer off the heap (the socket reads into it without a
 * copy), cuts what arrived into messages ({@link FixFramer}) for a {@link FixFramer.Handler}, and keeps an unread tail
 * at the buffer's start for the next read. Allocation-free after construction.
 */
final class SessionReader {
    private final ByteBuffer in;
    private final UnsafeBuffer inBuffer;
    private final FixFramer framer;

    SessionReader(int bufferBytes, int maxMessageBytes, String beginString) {
        in = ByteBuffer.allocateDirect(bufferBytes);
        inBuffer = new UnsafeBuffer(in);
        framer = new FixFramer(maxMessageBytes, beginString);
    }

    /** Reads what the connection has: the number of bytes, 0 for none yet, -1 at its end. */
    int read(ReadableByteChannel channel) throws IOException {
        return channel.read(in);
    }

    /**
     * Hands every whole message in the buffer to {@code parser}, in order, and keeps what follows the last one (a
     * message not yet whole). Stops when the parser is no longer active: when its session ended, nothing is kept;
     * when it holds back (its send buffer is full), the messages not handled are kept for the next call.
     */
    void frame(SessionParser parser) {
        int limit = in.position();
        int used = framer.frame(inBuffer, limit, parser);
        if (parser.ended()) {
            return;
        }
        int remaining = limit - used;
        if (remaining > 0 && used > 0) {
            inBuffer.putBytes(0, inBuffer, used, remaining);
        }
        in.position(remaining);
    }

    /** Whether the framer is skipping the rest of a message too large to hold. */
    boolean skipping() {
        return framer.skipping();
    }
}
