package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import org.fixbench.engine.sbe.RawFixPeer.Msg;
import org.junit.jupiter.api.Test;

/**
 * Malformed input over a live session: each kind gets its defined reaction (ignored as garbled, or rejected), the
 * engine never crashes or hangs, and the well-formed message sent right after it is processed.
 */
class MalformedInputTest extends EchoServerTestBase {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Sends the bad bytes, then a good order: it must come back, with nothing else in between. */
    private static void thenAGoodOrderIsEchoed(RawFixPeer peer, byte[] bad, String clOrdId) throws Exception {
        peer.sendRaw(bad);
        peer.send("D", RawFixPeer.order(clOrdId));
        Msg echo = peer.readSkippingHeartbeats(5_000);
        assertNotNull(echo, "the order after the malformed input was lost");
        assertEquals("D", echo.type(), echo.toString());
        assertEquals(clOrdId, echo.get(11));
        assertFalse(peer.isClosed());
    }

    @Test
    void aTruncatedMessageIsIgnoredWithWhatItsBodyLengthCoversAndTheRestIsTaken() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(30);
            byte[] whole = RawFixPeer.frame("FIX.4.4", peer.body("D", 99, "", RawFixPeer.order("cut")));
            // the order after it lies within the cut message's BodyLength: ignored with it (as QuickFIX/J reads a
            // stream), and its number not used up
            peer.sendRaw(Arrays.copyOf(whole, whole.length / 2));
            peer.send("D", RawFixPeer.order("swallowed"));
            Msg answer = peer.read(300);
            assertNull(answer, "nothing answered: " + answer);
            peer.nextSeq = 2;
            thenAGoodOrderIsEchoed(peer, new byte[0], "o-2");
            // cut short at the end of a read with a whole message behind it that reaches past its BodyLength: the
            // cut one is dropped and the whole one taken
            byte[] longer = RawFixPeer.frame("FIX.4.4", peer.body("D", 99, "", RawFixPeer.order("x".repeat(400))));
            byte[] cut = Arrays.copyOf(longer, longer.length / 2);
            thenAGoodOrderIsEchoed(peer, cut, "o-3");
        }
    }

    @Test
    void wrongBodyLengthAndBadCheckSumAreIgnored() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(30);
            String good = new String(RawFixPeer.frame("FIX.4.4", peer.body("D", 99, "", RawFixPeer.order("x"))),
                    StandardCharsets.ISO_8859_1);
            thenAGoodOrderIsEchoed(peer, bytes(good.replaceFirst("\u00019=(\\d+)", "\u00019=40")), "o-2");
            thenAGoodOrderIsEchoed(peer, bytes(good.replaceFirst("\u00019=(\\d+)", "\u00019=1x2")), "o-3");
            String badSum = good.substring(0, good.length() - 4) + (good.endsWith("000\u0001") ? "001" : "000") + "\u0001";
            thenAGoodOrderIsEchoed(peer, bytes(badSum), "o-4");
        }
    }

    @Test
    void nonNumericValuesWhereNumbersBelongAreRejectedOrIgnored() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(30);
            // a tag that is not a number: garbled, ignored
            thenAGoodOrderIsEchoed(peer, RawFixPeer.frame("FIX.4.4", peer.body("D", 99, "", "1x=5|")), "o-2");
            // MsgSeqNum not a number: rejected (incorrect data format), numbering unchanged
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", "35=D|49=FIXBENCH-CLIENT|56=FIXBENCH-SERVER|34=abc|52="
                    + RawFixPeer.now() + "|" + RawFixPeer.order("bad-seq")));
            Msg reject = peer.read(5_000);
            assertEquals("3", reject.type(), reject.toString());
            assertEquals("6", reject.get(373));
            assertEquals("34", reject.get(371));
            // a price that is not a number: rejected, numbering moves on
            peer.send("D", RawFixPeer.order("bad-price").replace("44=101.25", "44=cheap"));
            reject = peer.read(5_000);
            assertEquals("6", reject.get(373), reject.toString());
            assertEquals("44", reject.get(371));
            thenAGoodOrderIsEchoed(peer, new byte[0], "o-4");
        }
    }

    @Test
    void oversizeMessageIsSkippedWithoutLosingTheNextOne() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(30);
            byte[] huge = RawFixPeer.frame("FIX.4.4", peer.body("D", 99, "", RawFixPeer.order("huge")
                    + "58=" + "x".repeat(20_000) + "|"));
            thenAGoodOrderIsEchoed(peer, huge, "o-2");
        }
    }

    @Test
    void oversizeMessageWithTheNextNumberIsRejectedAndItsNumberUsedUp() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(30);
            int seq = peer.nextSeq;
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", RawFixPeer.order("huge")
                    + "58=" + "x".repeat(20_000) + "|")));
            Msg reject = peer.readSkippingHeartbeats(5_000);
            assertNotNull(reject, "no answer to a message over maxMessageBytes");
            assertEquals("3", reject.type(), reject.toString());
            assertEquals(String.valueOf(seq), reject.get(45));
            assertEquals("D", reject.get(372));
            assertEquals("99", reject.get(373));
            assertTrue(reject.get(58).startsWith("Message too large"), reject.toString());
            // the number was used up: the next order is processed, with no ResendRequest for the big one
            thenAGoodOrderIsEchoed(peer, new byte[0], "o-after-huge");
        }
    }

    @Test
    void randomBytesAreIgnoredAndTheSessionCarriesOn() throws Exception {
        Random random = new Random(4_4);
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(30);
            for (int round = 0; round < 20; round++) {
                byte[] noise = new byte[1 + random.nextInt(3_000)];
                random.nextBytes(noise);
                thenAGoodOrderIsEchoed(peer, noise, "o-" + peer.nextSeq);
            }
        }
    }
}
