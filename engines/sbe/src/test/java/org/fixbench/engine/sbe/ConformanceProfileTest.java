package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.sbe.RawFixPeer.Msg;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptor as a conformance suite meets it: {@code serve --engine sbe:conformance --sender-comp-id ISLD
 * --target-comp-id TW --app echo}. One test per behaviour an external FIX 4.4 session conformance suite (and a
 * review after it) found sbe doing differently from a QuickFIX/J 2.3 acceptor with the same settings; each failed
 * on the engine before the session was rebuilt.
 */
class ConformanceProfileTest {
    @TempDir
    Path tmp;
    private EngineServer server;
    private InetSocketAddress address;

    private void start(String extraProperties) throws Exception {
        Path profile = FixConfigs.profileFile("sbe", "conformance");
        if (extraProperties != null) {
            Path copy = tmp.resolve("conformance.properties");
            Files.writeString(copy, Files.readString(profile) + "\n" + extraProperties + "\n");
            profile = copy;
        }
        EngineSetup setup = new EngineSetup("conformance", profile, tmp, InetAddress.getLoopbackAddress(), 0, "ISLD",
                "TW", ServerHooks.NONE, role -> { }).withApplication(EngineSetup.ECHO);
        server = new SbeEngine().server(setup);
        address = server.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private RawFixPeer peer() throws Exception {
        RawFixPeer peer = new RawFixPeer(address);
        peer.sender = "TW";
        peer.target = "ISLD";
        return peer;
    }

    private RawFixPeer loggedOn() throws Exception {
        if (server == null) {
            start(null);
        }
        RawFixPeer peer = peer();
        peer.send("A", "98=0|108=30|");
        Msg logon = peer.read(5_000);
        assertNotNull(logon, "Logon answered");
        assertEquals("A", logon.type(), logon.toString());
        return peer;
    }

    private static void assertEchoes(RawFixPeer peer, String clOrdId) throws Exception {
        peer.send("D", RawFixPeer.order(clOrdId));
        Msg echo = peer.readSkippingHeartbeats(5_000);
        assertNotNull(echo, "no echo of order " + clOrdId);
        assertEquals("D", echo.type(), echo.toString());
        assertEquals(clOrdId, echo.get(11), echo.toString());
    }

    private static void assertReject(Msg reject, String refSeq, String reason, String refTag, String text) {
        assertNotNull(reject, "expected a Reject");
        assertEquals("3", reject.type(), reject.toString());
        assertEquals(refSeq, reject.get(45), "RefSeqNum: " + reject);
        assertEquals(reason, reject.get(373), "SessionRejectReason: " + reject);
        assertEquals(refTag, reject.get(371), "RefTagID: " + reject);
        assertEquals(text, reject.get(58), "Text: " + reject);
    }

    private static void assertPlainLogoutThenClosed(RawFixPeer peer) throws Exception {
        List<Msg> before = peer.untilClosed(5_000);
        assertEquals(1, before.size(), before.toString());
        assertEquals("5", before.get(0).type(), before.toString());
        assertNull(before.get(0).get(58), "a plain Logout, no Text: " + before);
    }

    @Test
    void eachNewConnectionStartsAtOneOne() throws Exception {
        try (RawFixPeer first = loggedOn()) {
            assertEchoes(first, "o-1");
            assertEchoes(first, "o-2");
        }
        try (RawFixPeer second = peer()) {
            second.send("A", "98=0|108=30|"); // 34=1 without ResetSeqNumFlag
            Msg logon = second.read(5_000);
            assertEquals("A", logon.type(), "a Logon, not 'MsgSeqNum too low': " + logon);
            assertEquals(1, logon.seq());
            assertEchoes(second, "o-3");
        }
    }

    @Test
    void aLogoutTooLowIsAnsweredWithAPlainLogout() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            assertEchoes(peer, "o-1");
            peer.nextSeq = 2;
            peer.send("5", "");
            assertPlainLogoutThenClosed(peer);
        }
    }

    @Test
    void aLogoutTooHighIsAnsweredWithAPlainLogout() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.nextSeq = 10;
            peer.send("5", "");
            assertPlainLogoutThenClosed(peer);
        }
    }

    @Test
    void aLogonTooHighIsAnsweredThenTheGapAskedForAndItsNumberCountsOnceFilled() throws Exception {
        start(null);
        try (RawFixPeer peer = peer()) {
            peer.nextSeq = 5;
            peer.send("A", "98=0|108=30|");
            assertEquals("A", peer.read(5_000).type());
            Msg resend = peer.read(5_000);
            assertEquals("2", resend.type(), resend.toString());
            assertEquals("1", resend.get(7));
            assertEquals("0", resend.get(16));
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 1, "43=Y|122=" + RawFixPeer.now() + "|",
                    "123=Y|36=5|")));
            assertEchoes(peer, "o-6"); // the queued Logon used up 5; no second ResendRequest
        }
    }

    @Test
    void aLogoutAfterALogonTooHighIsAnsweredAtOnce() throws Exception {
        start(null);
        try (RawFixPeer peer = peer()) {
            peer.nextSeq = 5;
            peer.send("A", "98=0|108=30|");
            assertEquals("A", peer.read(5_000).type());
            assertEquals("2", peer.read(5_000).type());
            peer.send("5", "");
            assertPlainLogoutThenClosed(peer);
        }
    }

    @Test
    void aSequenceResetInResetModeIsTakenWhateverItsMsgSeqNum() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 0, "", "36=10|")));
            peer.nextSeq = 10;
            assertEchoes(peer, "o-10");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 0, "", "123=N|36=11|")));
            assertNull(peer.read(300), "equal: nothing to say");
            assertEchoes(peer, "o-11");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("4", 0, "", "36=3|")));
            assertReject(peer.read(5_000), "0", "5", "36", "Value is incorrect (out of range) for this tag");
            assertEchoes(peer, "o-12");
        }
    }

    @Test
    void aMessageWithABadCheckSumOrBodyLengthDoesNotUseUpItsNumber() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            String body = peer.body("D", 2, "", RawFixPeer.order("bad-sum")).replace('|', '\u0001');
            byte[] good = RawFixPeer.frame("FIX.4.4", body);
            String text = new String(good, java.nio.charset.StandardCharsets.ISO_8859_1);
            String badSum = text.substring(0, text.length() - 4) + (text.endsWith("000\u0001") ? "001" : "000")
                    + "\u0001";
            peer.sendRaw(badSum.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            String shortLength = text.replaceFirst("\u00019=\\d+", "\u00019=" + (body.length() - 5));
            peer.sendRaw(shortLength.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            assertNull(peer.read(300), "ignored: " + badSum.replace('\u0001', '|'));
            peer.nextSeq = 2;
            assertEchoes(peer, "o-2");
            Msg next = peer.read(300);
            assertNull(next, "no ResendRequest for numbers it never lost: " + next);
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void aResentMessageThatFailsValidationIsRejectedAndTheQueueBehindItGoesOn() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.nextSeq = 3;
            peer.send("D", RawFixPeer.order("o-3"));
            assertEquals("2", peer.read(5_000).type(), "ResendRequest for 2");
            String badSide = RawFixPeer.order("o-2").replace("54=1", "54=Z");
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 2, "43=Y|122=" + RawFixPeer.now() + "|",
                    badSide)));
            assertReject(peer.read(5_000), "2", "5", "54", "Value is incorrect (out of range) for this tag, field=54");
            Msg echo = peer.readSkippingHeartbeats(5_000);
            assertNotNull(echo, "the queued order 3 is processed");
            assertEquals("o-3", echo.get(11), echo.toString());
            peer.nextSeq = 4;
            assertEchoes(peer, "o-4");
        }
    }

    @Test
    void aTagTheDictionaryDoesNotDefineIsRejected() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("D", RawFixPeer.order("o-2") + "9999=x|");
            assertReject(peer.read(5_000), "2", "0", "9999", "Invalid tag number, field=9999");
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void aHeartbeatWithAnInvalidTagNumberIsRejectedAndUsesUpItsNumber() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            for (String tag : new String[] {"999", "0", "-1", "5000"}) {
                int seq = peer.nextSeq;
                peer.send("0", tag + "=HI|");
                Msg reject = peer.read(5_000);
                assertNotNull(reject, "a Reject for the Heartbeat with " + tag + "=HI");
                assertReject(reject, Integer.toString(seq), "0", tag, "Invalid tag number, field=" + tag);
                assertEquals("0", reject.get(372), "RefMsgType: " + reject);
            }
            Msg next = peer.read(300);
            assertNull(next, "each number used up: no ResendRequest, nothing else: " + next);
            assertEchoes(peer, "o-6");
        }
    }

    @Test
    void aBodyLengthReachingIntoTheNextMessageIgnoresBothThenTheirResendsAreAnswered() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            String first = peer.body("D", 2, "", RawFixPeer.order("o-2")).replace('|', '\u0001');
            String text = new String(RawFixPeer.frame("FIX.4.4", first), java.nio.charset.StandardCharsets.ISO_8859_1);
            String tooLong = text.replaceFirst("\u00019=\\d+", "\u00019=" + (first.length() + 11));
            byte[] second = RawFixPeer.frame("FIX.4.4", peer.body("D", 3, "", RawFixPeer.order("o-3")));
            peer.sendRaw(tooLong.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            peer.sendRaw(second);
            Msg answer = peer.read(500);
            assertNull(answer, "both ignored (the second was swallowed by the first's BodyLength): " + answer);
            peer.nextSeq = 2;
            assertEchoes(peer, "o-2");
            assertEchoes(peer, "o-3");
            Msg next = peer.read(300);
            assertNull(next, "no ResendRequest: " + next);
        }
    }

    @Test
    void rejectTextsAreQuickFixJs() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("D", RawFixPeer.order("o-2").replace("38=1000", "38=abc"));
            assertReject(peer.read(5_000), "2", "6", "38", "Incorrect data format for value, field=38");
            peer.send("D", RawFixPeer.order("o-3") + "453=1|448=P1|447=D|452=1|");
            assertEquals("o-3", peer.read(5_000).get(11), "a well-formed group is echoed");
            peer.send("R", "131=Q-1|146=1|65=X|55=ACME|");
            Msg reject = peer.read(5_000);
            assertNotNull(reject);
            assertEquals("3", reject.type(), reject.toString());
            assertEquals("The group 146 must set the delimiter field 55", reject.get(58), reject.toString());
        }
    }

    @Test
    void aLogonWithABadSendingTimeIsLoggedOutWithQuickFixJsText() throws Exception {
        start(null);
        try (RawFixPeer peer = peer()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", "35=A|49=TW|56=ISLD|34=1|52=" + RawFixPeer.at(-3600)
                    + "|98=0|108=30|"));
            List<Msg> before = peer.untilClosed(5_000);
            assertEquals(1, before.size(), before.toString());
            assertEquals("Invalid Logon message: SendingTime accuracy problem, field=52", before.get(0).get(58));
        }
    }

    @Test
    void rejectsReverseTheRouting() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 2, "115=BROKER|116=DESK|128=EXCH|",
                    RawFixPeer.order("o-2").replace("38=1000", "38=abc"))));
            Msg reject = peer.read(5_000);
            assertEquals("3", reject.type(), reject.toString());
            assertEquals("BROKER", reject.get(128), reject.toString());
            assertEquals("DESK", reject.get(129), reject.toString());
            assertEquals("EXCH", reject.get(115), reject.toString());
            peer.nextSeq = 3;
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", peer.body("D", 3, "115=BROKER|97=N|",
                    RawFixPeer.order("o-3") + "453=0|")));
            Msg echo = peer.read(5_000);
            assertEquals("D", echo.type(), echo.toString());
            assertEquals("BROKER", echo.get(128), "echo reverses the routing: " + echo);
            assertNull(echo.get(115), echo.toString());
            assertEquals("N", echo.get(97), "PossResend kept: " + echo);
            assertNull(echo.get(453), "a group with a zero count is left out: " + echo);
        }
    }

    @Test
    void aLogonWithANegativeHeartBtIntIsLoggedOut() throws Exception {
        start(null);
        try (RawFixPeer peer = peer()) {
            peer.send("A", "98=0|108=-5|");
            List<Msg> before = peer.untilClosed(5_000);
            assertEquals(1, before.size(), before.toString());
            assertEquals("5", before.get(0).type());
            assertEquals("HeartBtInt must not be negative", before.get(0).get(58));
        }
    }

    @Test
    void aMessageWithoutMsgSeqNumIsLoggedOut() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.sendRaw(RawFixPeer.frame("FIX.4.4", "35=0|49=TW|56=ISLD|52=" + RawFixPeer.now() + "|"));
            List<Msg> before = peer.untilClosed(5_000);
            assertEquals(1, before.size(), before.toString());
            assertEquals("5", before.get(0).type());
            assertEquals("Received message without MsgSeqNum", before.get(0).get(58));
        }
    }

    @Test
    void aLogonWithResetInTheMiddleOfTheSessionResetsBothSides() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            assertEchoes(peer, "o-2");
            peer.nextSeq = 1;
            peer.send("A", "98=0|108=30|141=Y|");
            Msg logon = peer.read(5_000);
            assertEquals("A", logon.type(), logon.toString());
            assertEquals("Y", logon.get(141));
            assertEquals(1, logon.seq());
            peer.send("D", RawFixPeer.order("o-after"));
            Msg echo = peer.read(5_000);
            assertEquals("o-after", echo.get(11));
            assertEquals(2, echo.seq());
        }
    }

    @Test
    void aSecondConnectionForALiveSessionIsDisconnectedAndTheFirstGoesOn() throws Exception {
        try (RawFixPeer first = loggedOn()) {
            assertEchoes(first, "o-2");
            try (RawFixPeer second = peer()) {
                second.send("A", "98=0|108=30|141=Y|");
                List<Msg> before = second.untilClosed(5_000);
                assertTrue(before.stream().noneMatch(m -> m.type().equals("A")), before.toString());
            }
            peer(); // and a silent one that never logs on does not hold anything up
            first.send("D", RawFixPeer.order("o-3"));
            Msg echo = first.read(5_000);
            assertEquals("o-3", echo.get(11));
            assertEquals(3, echo.seq(), "the live session's numbers are untouched");
        }
    }

    @Test
    void aResetLogonWithWrongCompIdsCannotResetTheLiveSession() throws Exception {
        try (RawFixPeer first = loggedOn()) {
            assertEchoes(first, "o-2");
            try (RawFixPeer intruder = peer()) {
                intruder.sender = "SOMEONE";
                intruder.send("A", "98=0|108=30|141=Y|");
                List<Msg> before = intruder.untilClosed(5_000);
                assertEquals("Invalid Logon message: CompID problem", before.get(0).get(58), before.toString());
            }
            first.send("D", RawFixPeer.order("o-3"));
            Msg echo = first.read(5_000);
            assertEquals(3, echo.seq(), echo.toString());
        }
    }

    @Test
    void aMessageWithMoreThanAThousandFieldsIsRejectedAndUsesItsNumber() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            StringBuilder many = new StringBuilder(RawFixPeer.order("o-2"));
            for (int i = 0; i < 1_100; i++) {
                many.append("58=x|");
            }
            peer.send("D", many.toString());
            Msg reject = peer.read(5_000);
            assertNotNull(reject, "answered, not dropped");
            assertEquals("3", reject.type(), reject.toString());
            assertEquals("2", reject.get(45));
            assertEchoes(peer, "o-3");
            assertNull(peer.read(300), "and no ResendRequest follows");
        }
    }

    @Test
    void aMsgTypeOfThreeCharactersIsRejectedAsInvalid() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            peer.send("ZZZ", "58=x|");
            assertReject(peer.read(5_000), "2", "11", "35", "Invalid MsgType, field=35");
            assertEchoes(peer, "o-3");
        }
    }

    @Test
    void garbageIsLoggedAtABoundedRate() throws Exception {
        try (RawFixPeer peer = loggedOn()) {
            byte[] junk = "8=FIX.4.4\u00019=5\u000135=D\u0001xx\u0001".getBytes();
            for (int i = 0; i < 2_000; i++) {
                peer.sendRaw(junk);
            }
            assertEchoes(peer, "o-2"); // logging is checked in-process in SessionOnFakeClockTest
        }
    }

    @Test
    void connectionsBeyondTheLimitAreRefused() throws Exception {
        start("maxConnections=1");
        try (RawFixPeer first = loggedOn(); RawFixPeer second = peer()) {
            assertEquals(List.of(), second.untilClosed(5_000), "refused and closed");
            assertEchoes(first, "o-2");
        }
    }

    @Test
    void theServerSaysSoWhenItCanNoLongerAccept() throws Exception {
        start(null);
        assertNull(server.failure());
        ((SbeServer) server).listeningSocket().close();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (server.failure() == null && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertNotNull(server.failure(), "a dead accept thread is reported");
        assertFalse(server.failure().isBlank());
    }
}
