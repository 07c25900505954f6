package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fixbench.engine.sbe.RawFixPeer.Msg;
import org.junit.jupiter.api.Test;

/**
 * The FIX 4.4 session-level test cases (FIX Session Layer Test Cases, 1a-20, as they apply to an acceptor without
 * encryption), run against the sbe acceptor over a socket with the echo application, by a hand-written peer that
 * sends exactly the bytes each case needs. Expected reactions and texts are QuickFIX/J's.
 */
class SessionLevelTest extends EchoServerTestBase {
    private RawFixPeer loggedOn() throws Exception {
        RawFixPeer peer = new RawFixPeer(address);
        peer.logon(30);
        return peer;
    }

    private static void assertReject(Msg reject, int refSeq, String refMsgType, int reason, Integer refTag, String text) {
        assertNotNull(reject, "expected a Reject");
        assertEquals("3", reject.type(), reject.toString());
        assertEquals(Integer.toString(refSeq), reject.get(45), "RefSeqNum: " + reject);
        assertEquals(refMsgType, reject.get(372), "RefMsgType: " + reject);
        assertEquals(Integer.toString(reason), reject.get(373), "SessionRejectReason: " + reject);
        assertEquals(refTag == null ? null : refTag.toString(), reject.get(371), "RefTagID: " + reject);
        assertEquals(text, reject.get(58), "Text: " + reject);
    }

    /** An order the echo application sends back proves the session still works and numbers line up. */
    private static void assertEchoes(RawFixPeer peer, String clOrdId) throws Exception {
        peer.send("D", RawFixPeer.order(clOrdId));
        Msg echo = peer.readSkippingHeartbeats(5_000);
        assertNotNull(echo, "no echo of order " + clOrdId);
        assertEquals("D", echo.type(), echo.toString());
        assertEquals(clOrdId, echo.get(11));
    }

    // 1a, 1b ------------------------------------------------------------------------------------------------

    @Test
    void c1aValidLogonIsAnsweredWithLogonAndTheSameHeartBtInt() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.send("A", "98=0|108=17|141=Y|");
            Msg logon = peer.read(5_000);
            assertEquals("A", logon.type());
            assertEquals("17", logon.get(108));
            assertEquals("Y", logon.get(141));
            assertEquals(1, logon.seq());
            assertEchoes(peer, "o-1");
        }
    }

    @Test
    void c1bFirstMessageNotLogonDisconnectsWithoutAnswer() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.send("D", RawFixPeer.order("o-1"));
            assertEquals(List.of(), peer.untilClosed(5_000));
        }
    }

    @Test
    void c1bLogonWithWrongCompIdIsLoggedOutAndDisconnected() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.sender = "SOMEONE-ELSE";
            peer.send("A", "98=0|108=30|141=Y|");
            List<Msg> before = peer.untilClosed(5_000);
            assertEquals(1, before.size(), before.toString());
            assertEquals("5", before.get(0).type());
            assertEquals("Invalid Logon message: CompID problem", before.get(0).get(58));
        }
    }

    // 2a-2q -------------------------------------------------------------------------------------------------

    @Test
    void c2bMsgSeqNumTooHighIsAnsweredWithResendRequestAndTheQueueIsProcessedAfterTheGapFill() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.nextSeq = 5; // 2, 3, 4 missing
            peer.send("D", RawFixPeer.order("o-5"));
            peer.send("D", RawFixPeer.order("o-6"));
            Msg resend = peer.read(5_000);
            assertEquals("2", resend.type(), resend.toString());
            assertEquals("2", resend.get(7));
            assertEquals("0", resend.get(16));
            assertNull(peer.read(300), "nothing processed above the gap");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 2, "43=Y|122=" + RawFixPeer.now() + "|",
                    "123=Y|36=5|")));
            assertEquals("o-5", peer.read(5_000).get(11), "queued order 5 processed after the gap fill");
            assertEquals("o-6", peer.read(5_000).get(11), "queued order 6 processed in order");
            assertEchoes(peer, "o-7");
        }
    }

    @Test
    void c2cMsgSeqNumTooLowWithoutPossDupIsLoggedOutAndDisconnected() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            assertEchoes(peer, "o-2");
            peer.nextSeq = 2;
            peer.send("D", RawFixPeer.order("o-again"));
            List<Msg> before = peer.untilClosed(5_000);
            assertEquals("5", before.get(0).type());
            assertEquals("MsgSeqNum too low, expecting 3 but received 2", before.get(0).get(58));
        }
    }

    @Test
    void c2dGarbledMessagesAreIgnoredAndTheNextOneIsProcessed() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw("8=FIX.4.4\u00019=5\u000135=D\u0001garbage\u0001".getBytes());
            assertEchoes(peer, "o-2");
        }
    }

    @Test
    void c2ePossDupTooLowIsIgnored() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            assertEchoes(peer, "o-2");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 2, "43=Y|122=" + RawFixPeer.at(-5) + "|",
                    RawFixPeer.order("o-2"))));
            assertNull(peer.read(300), "a PossDup message below the expected number is ignored");
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void c2fPossDupWithOrigSendingTimeAfterSendingTimeIsRejectedAndLoggedOut() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 2, "43=Y|122=" + RawFixPeer.at(60) + "|",
                    RawFixPeer.order("o-2"))));
            assertReject(peer.read(5_000), 2, "D", 10, 122, "SendingTime accuracy problem");
            Msg logout = peer.read(5_000);
            assertEquals("5", logout.type());
            assertEquals("SendingTime accuracy problem, field=122", logout.get(58));
        }
    }

    @Test
    void c2gPossDupWithoutOrigSendingTimeIsRejected() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 2, "43=Y|", RawFixPeer.order("o-2"))));
            assertReject(peer.read(5_000), 2, "D", 1, 122, "Required tag missing");
            peer.nextSeq = 3;
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void c2hWrongBeginStringIsLoggedOutAndDisconnected() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.2", peer.body("D", RawFixPeer.order("o-2"))));
            List<Msg> before = peer.untilClosed(5_000);
            assertEquals("5", before.get(0).type());
            assertEquals("Incorrect BeginString", before.get(0).get(58));
        }
    }

    @Test
    void c2iWrongCompIdIsRejectedAndLoggedOut() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.target = "NOT-THE-SERVER";
            peer.send("D", RawFixPeer.order("o-2"));
            assertReject(peer.read(5_000), 2, "D", 9, null, "CompID problem");
            Msg logout = peer.read(5_000);
            assertEquals("5", logout.type());
            assertEquals("CompID problem", logout.get(58));
        }
    }

    @Test
    void c2jAnd2mBadBodyLengthAndBadCheckSumAreIgnored() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            String good = new String(RawFixPeer.frame("FIX.4.4", peer.body("D", 2, "", RawFixPeer.order("o-x"))),
                    java.nio.charset.StandardCharsets.ISO_8859_1);
            peer.sendRaw(good.replaceFirst("\u00019=(\\d+)", "\u00019=" + 60).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            String badSum = good.substring(0, good.length() - 4) + (good.endsWith("000\u0001") ? "001" : "000") + "\u0001";
            peer.sendRaw(badSum.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            assertNull(peer.read(300), "ignored, not answered");
            peer.nextSeq = 2; // neither was processed: 2 is still expected
            assertEchoes(peer, "o-2");
        }
    }

    @Test
    void c2kInvalidMsgTypeIsRejected() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("ZZ", "58=hello|");
            assertReject(peer.read(5_000), 2, "ZZ", 11, 35, "Invalid MsgType, field=35");
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void c2lValidButUnsupportedMsgTypeGetsBusinessMessageReject() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("B", "148=headline|33=1|58=line one|");
            Msg reject = peer.read(5_000);
            assertEquals("j", reject.type(), reject.toString());
            assertEquals("2", reject.get(45));
            assertEquals("B", reject.get(372));
            assertEquals("3", reject.get(380));
            assertEquals("Unsupported Message Type", reject.get(58));
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void c2oSendingTimeOutsideToleranceIsRejectedAndLoggedOut() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            String body = "35=D|49=FIXBENCH-CLIENT|56=FIXBENCH-SERVER|34=2|52=" + RawFixPeer.at(-3600) + "|"
                    + RawFixPeer.order("o-2");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", body));
            assertReject(peer.read(5_000), 2, "D", 10, 52, "SendingTime accuracy problem");
            assertEquals("5", peer.read(5_000).type());
        }
    }

    @Test
    void c2pFirstFieldsNotBeginStringBodyLengthMsgTypeAreIgnored() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", "49=FIXBENCH-CLIENT|35=D|56=FIXBENCH-SERVER|34=2|52="
                    + RawFixPeer.now() + "|" + RawFixPeer.order("o-x")));
            assertNull(peer.read(300));
            peer.nextSeq = 2;
            assertEchoes(peer, "o-2");
        }
    }

    // 3-6 heartbeats and test requests ---------------------------------------------------------------------

    @Test
    void c4And5SilenceBringsATestRequestThenADisconnect() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(1);
            long start = System.nanoTime();
            Msg testRequest = null;
            for (Msg m = peer.read(3_000); m != null; m = peer.read(3_000)) {
                if (m.type().equals("1")) {
                    testRequest = m;
                    break;
                }
                assertEquals("0", m.type(), "only heartbeats before the TestRequest: " + m);
            }
            assertNotNull(testRequest, "a TestRequest after HeartBtInt plus 20% of silence");
            assertNotNull(testRequest.get(112));
            long testRequestMillis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(testRequestMillis >= 1_100, "not before 1.2 x HeartBtInt: " + testRequestMillis + " ms");
            peer.untilClosed(5_000);
        }
    }

    @Test
    void c6TestRequestIsAnsweredWithHeartbeatCarryingTestReqId() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("1", "112=ping-42|");
            Msg heartbeat = peer.read(5_000);
            assertEquals("0", heartbeat.type());
            assertEquals("ping-42", heartbeat.get(112));
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void c3HeartbeatIsSentAfterHeartBtIntWithoutOutput() throws Exception {
        try (RawFixPeer peer = new RawFixPeer(address)) {
            peer.logon(1);
            Msg heartbeat = peer.read(2_500);
            assertNotNull(heartbeat);
            assertEquals("0", heartbeat.type());
            peer.send("0", "");
        }
    }

    // 7 Reject, 8 ResendRequest, 10/11 SequenceReset -------------------------------------------------------

    @Test
    void c7RejectReceivedIncrementsTheExpectedNumber() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("3", "45=1|373=99|58=test|");
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void c8ResendRequestResendsApplicationMessagesAndGapFillsAdminOnes() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            assertEchoes(peer, "o-2"); // engine's seq 2
            peer.send("1", "112=t|"); // engine's seq 3: heartbeat
            assertEquals("0", peer.read(5_000).type());
            assertEchoes(peer, "o-4"); // engine's seq 4
            peer.send("2", "7=1|16=0|");
            Msg gap1 = peer.read(5_000);
            assertEquals("4", gap1.type(), gap1.toString());
            assertEquals("1", gap1.get(34));
            assertEquals("Y", gap1.get(123));
            assertEquals("Y", gap1.get(43));
            assertEquals("2", gap1.get(36));
            Msg order2 = peer.read(5_000);
            assertEquals("D", order2.type());
            assertEquals("2", order2.get(34));
            assertEquals("Y", order2.get(43));
            assertNotNull(order2.get(122), "OrigSendingTime on a resend");
            assertEquals("o-2", order2.get(11));
            Msg gap3 = peer.read(5_000);
            assertEquals("4", gap3.type());
            assertEquals("3", gap3.get(34));
            assertEquals("4", gap3.get(36));
            Msg order4 = peer.read(5_000);
            assertEquals("o-4", order4.get(11));
            assertEquals("4", order4.get(34));
            assertEchoes(peer, "o-6");
        }
    }

    @Test
    void c10GapFillMovesTheExpectedNumberAndOneBackwardsIsRejected() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("4", "123=Y|36=10|");
            peer.nextSeq = 10;
            assertEchoes(peer, "o-10");
            peer.send("4", "123=Y|36=5|"); // seq 11, NewSeqNo below the expected 12
            assertReject(peer.read(5_000), 11, "4", 5, 36, "Value is incorrect (out of range) for this tag");
        }
    }

    @Test
    void c11SequenceResetResetModeIgnoresMsgSeqNum() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 999, "", "36=20|")));
            peer.nextSeq = 20;
            assertEchoes(peer, "o-20");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 21, "", "36=3|")));
            assertReject(peer.read(5_000), 21, "4", 5, 36, "Value is incorrect (out of range) for this tag");
        }
    }

    // 12, 13 Logout ----------------------------------------------------------------------------------------

    @Test
    void c13LogoutIsAnsweredAndTheConnectionClosed() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("5", "58=bye|");
            List<Msg> before = peer.untilClosed(5_000);
            assertEquals(1, before.size(), before.toString());
            assertEquals("5", before.get(0).type());
        }
    }

    // 14 field-level rejects -------------------------------------------------------------------------------

    @Test
    void c14FieldLevelErrorsAreRejectedWithReasonRefTagAndQuickFixJsText() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            String order = RawFixPeer.order("o");
            peer.send("D", order + "9999=x|");
            assertReject(peer.read(5_000), 2, "D", 0, 9999, "Invalid tag number, field=9999");
            peer.send("D", order.replace("54=1|", ""));
            assertReject(peer.read(5_000), 3, "D", 1, 54, "Required tag missing, field=54");
            peer.send("D", order + "150=0|");
            assertReject(peer.read(5_000), 4, "D", 2, 150, "Tag not defined for this message type, field=150");
            peer.send("D", order.replace("55=ACME|", "55=|"));
            assertReject(peer.read(5_000), 5, "D", 4, 55, "Tag specified without a value, field=55");
            peer.send("D", order.replace("54=1|", "54=Z|"));
            assertReject(peer.read(5_000), 6, "D", 5, 54, "Value is incorrect (out of range) for this tag, field=54");
            peer.send("D", order.replace("38=1000|", "38=lots|"));
            assertReject(peer.read(5_000), 7, "D", 6, 38, "Incorrect data format for value, field=38");
            peer.send("D", order + "43=N|");
            assertReject(peer.read(5_000), 8, "D", 14, 43, "Tag specified out of required order, field=43");
            peer.send("D", order + "55=AGAIN|");
            assertReject(peer.read(5_000), 9, "D", 13, 55, "Tag appears more than once, field=55");
            peer.send("D", order + "453=2|448=P1|447=D|452=1|");
            assertReject(peer.read(5_000), 10, "D", 16, 453, "Incorrect NumInGroup count for repeating group, field=453");
            peer.send("D", order + "453=1|447=D|448=P1|452=1|");
            assertReject(peer.read(5_000), 11, "D", 15, 447, "The group 453 must set the delimiter field 448");
            peer.send("D", order + "453=1|448=P1|447=D|452=1|");
            Msg echo = peer.read(5_000);
            assertEquals("D", echo.type(), "a well-formed group passes: " + echo);
            assertEchoes(peer, "o-13");
        }
    }

    // 19 PossResend, 20 simultaneous ResendRequest ---------------------------------------------------------

    @Test
    void c19PossResendOfAnOrderAlreadySeenIsDroppedButANewOneIsEchoed() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            assertEchoes(peer, "o-2");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 3, "97=Y|", RawFixPeer.order("o-2"))));
            assertNull(peer.read(300), "a PossResend duplicate is dropped");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 4, "97=Y|", RawFixPeer.order("o-new"))));
            assertEquals("o-new", peer.read(5_000).get(11));
            peer.nextSeq = 5;
            assertEchoes(peer, "o-5");
        }
    }

    @Test
    void c20ResendRequestTooHighIsAnsweredAndTheGapAskedForByTheNextMessage() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            assertEchoes(peer, "o-2");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("2", 10, "", "7=2|16=0|"))); // too high: gap 3-9
            Msg first = peer.read(5_000);
            assertEquals("D", first.type(), "the resend of order 2 first: " + first);
            assertEquals("Y", first.get(43));
            // as QuickFIX/J: the ResendRequest is queued for its number; the gap is asked for by the next message
            assertNull(peer.read(300), "nothing else yet");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("0", 11, "", "")));
            Msg resend = peer.read(5_000);
            assertEquals("2", resend.type(), "our own ResendRequest: " + resend);
            assertEquals("3", resend.get(7));
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 3, "43=Y|122=" + RawFixPeer.now() + "|",
                    "123=Y|36=12|")));
            peer.nextSeq = 12;
            assertEchoes(peer, "o-12"); // 10 and 11 were used up once the gap was filled
            assertFalse(peer.isClosed());
        }
    }
}
