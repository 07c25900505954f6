package org.fixbench.fix.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The relay's cutting of a stream into whole messages: split anywhere, lost whole, counted by kind. */
class FramesTest {
    /** A FIX message with a correct BodyLength (the CheckSum's value is not read, only its length). */
    private static String fix(String body) {
        String b = body.replace('|', '\u0001');
        return "8=FIX.4.4\u00019=" + b.length() + "\u0001" + b + "10=000\u0001";
    }

    private static final String ORDER = fix("35=D|34=7|49=TW|56=ISLD|11=123|");
    private static final String RESENT = fix("35=D|34=8|43=Y|49=TW|56=ISLD|11=124|");
    private static final String GAP_FILL = fix("35=4|34=9|43=Y|123=Y|36=12|");
    private static final String ASK = fix("35=2|34=10|7=3|16=0|");

    private static String pass(Frames frames, String text, boolean losing) {
        ByteBuffer out = frames.pass(ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)), losing, 1);
        byte[] bytes = new byte[out.remaining()];
        out.get(bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    @Test
    void messagesSplitAnywhereComeOutWholeAndAreCountedByKind() {
        String stream = ORDER + RESENT + GAP_FILL + ASK;
        for (int cut = 1; cut < stream.length(); cut++) {
            Frames frames = new Frames(0);
            String out = pass(frames, stream.substring(0, cut), false) + pass(frames, stream.substring(cut), false);
            assertEquals(stream, out, "cut at " + cut);
            assertEquals(4, frames.counts.messages());
            assertEquals(1, frames.counts.possDup(), "the gap fill is not counted as resent");
            assertEquals(1, frames.counts.gapFills());
            assertEquals(1, frames.counts.resendRequests());
        }
    }

    @Test
    void whileLosingWholeMessagesGoAndTheRestPasses() {
        Frames frames = new Frames(0);
        // the second message starts in the chunk read while losing: it is lost whole, the third passes whole
        String first = pass(frames, ORDER + RESENT.substring(0, 10), false);
        String second = pass(frames, RESENT.substring(10) + ASK.substring(0, 5), true);
        String third = pass(frames, ASK.substring(5), false);
        assertEquals(ORDER, first);
        assertEquals("", second);
        assertEquals(ASK, third);
        assertEquals(1, frames.counts.lost());
        assertEquals(RESENT.length(), frames.counts.lostBytes());
        assertEquals(2, frames.counts.messages());
    }

    @Test
    void fixedLengthFramesAndABudgetOfLosses() {
        Frames frames = new Frames(4);
        var budget = new java.util.concurrent.atomic.AtomicInteger(2);
        ByteBuffer out = frames.pass(ByteBuffer.wrap("aaaabbbbccccdd".getBytes(StandardCharsets.ISO_8859_1)), false,
                budget, 1);
        byte[] bytes = new byte[out.remaining()];
        out.get(bytes);
        assertEquals("cccc", new String(bytes, StandardCharsets.ISO_8859_1), "the first two lost, the last waits");
        assertEquals(0, budget.get());
        assertEquals(2, frames.counts.lost());
        assertEquals("dddd", pass(frames, "dd", false), "the frame completed by the next read");
    }

    @Test
    void aStreamThatIsNotFixIsPassedOnAsItCame() {
        Frames frames = new Frames(0);
        assertEquals("hello, world", pass(frames, "hello, world", true));
        assertEquals(0, frames.counts.lost());
    }
}
