package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.sbe.RawFixPeer.Msg;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One acceptor, three identities (TW-001 to TW-003): each Logon's SenderCompID picks its session, which then checks
 * and addresses every message to that peer and keeps its own numbers; an unknown identity, or one logged on
 * already, is refused, and the others go on.
 */
class ManySessionsAcceptorTest {
    @TempDir
    Path tmp;
    private EngineServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() throws Exception {
        EngineSetup setup = new EngineSetup("yield", FixConfigs.profileFile("sbe", "yield"), tmp,
                InetAddress.getLoopbackAddress(), 0, "ISLD", "TW", ServerHooks.NONE, role -> { }).withSessions(3);
        assertEquals(List.of("TW-001", "TW-002", "TW-003"), setup.clientCompIds());
        server = new SbeEngine().server(setup);
        address = server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private RawFixPeer peer(String identity) throws Exception {
        RawFixPeer peer = new RawFixPeer(address);
        peer.sender = identity;
        peer.target = "ISLD";
        return peer;
    }

    private RawFixPeer loggedOn(String identity) throws Exception {
        RawFixPeer peer = peer(identity);
        peer.send("A", "98=0|108=30|141=Y|");
        Msg logon = peer.read(5_000);
        assertNotNull(logon, identity + ": no Logon answer");
        assertEquals("A", logon.type(), logon.toString());
        assertEquals(identity, logon.get(56), "the Logon answer is addressed to the identity that logged on");
        assertEquals("ISLD", logon.get(49));
        assertEquals(1, logon.seq());
        return peer;
    }

    private static void orderAnswered(RawFixPeer peer, String clOrdId, int seq) throws Exception {
        peer.send("D", RawFixPeer.order(clOrdId));
        Msg report = peer.readSkippingHeartbeats(5_000);
        assertNotNull(report, peer.sender + ": no answer to order " + clOrdId);
        assertEquals("8", report.type(), report.toString());
        assertEquals(clOrdId, report.get(11));
        assertEquals(peer.sender, report.get(56), report.toString());
        assertEquals(seq, report.seq(), "each session numbers its own messages: " + report);
    }

    @Test
    void eachIdentityIsItsOwnSession() throws Exception {
        try (RawFixPeer a = loggedOn("TW-001"); RawFixPeer b = loggedOn("TW-002"); RawFixPeer c = loggedOn("TW-003")) {
            orderAnswered(b, "B-1", 2);
            orderAnswered(a, "A-1", 2);
            orderAnswered(b, "B-2", 3);
            orderAnswered(c, "C-1", 2);
            orderAnswered(a, "A-2", 3);
        }
    }

    @Test
    void aMessageUnderAnotherIdentityAfterLogonIsACompIdProblem() throws Exception {
        try (RawFixPeer a = loggedOn("TW-001")) {
            a.sender = "TW-002"; // a held session's connection may not speak for another of the acceptor's peers
            a.send("D", RawFixPeer.order("X-1"));
            List<Msg> sent = a.untilClosed(5_000);
            assertTrue(sent.stream().anyMatch(m -> m.type().equals("3") && "9".equals(m.get(373))),
                    "a Reject with SessionRejectReason 9 (CompID problem): " + sent);
            assertTrue(sent.stream().allMatch(m -> "TW-001".equals(m.get(56))), "still addressed to TW-001: " + sent);
        }
    }

    @Test
    void anUnknownIdentityIsLoggedOutAndTheOthersGoOn() throws Exception {
        try (RawFixPeer a = loggedOn("TW-001"); RawFixPeer stranger = peer("TW")) {
            stranger.send("A", "98=0|108=30|141=Y|");
            List<Msg> sent = stranger.untilClosed(5_000);
            assertTrue(sent.stream().noneMatch(m -> m.type().equals("A")), "no Logon for an unknown identity: " + sent);
            assertTrue(sent.stream().anyMatch(m -> m.type().equals("5") && m.get(58) != null
                    && m.get(58).contains("CompID")), "a Logout naming the CompID problem: " + sent);
            orderAnswered(a, "A-1", 2);
        }
    }

    @Test
    void anIdentityLoggedOnAlreadyIsRefusedAndFreedWhenItsConnectionEnds() throws Exception {
        RawFixPeer first = loggedOn("TW-002");
        try (RawFixPeer second = peer("TW-002")) {
            second.send("A", "98=0|108=30|141=Y|");
            List<Msg> sent = second.untilClosed(5_000);
            assertTrue(sent.stream().noneMatch(m -> m.type().equals("A")), "no second Logon for TW-002: " + sent);
        }
        orderAnswered(first, "B-1", 2);
        first.close();
        RawFixPeer again = null;
        for (int attempt = 0; attempt < 50 && again == null; attempt++) { // the server sees the close at its next read
            RawFixPeer p = peer("TW-002");
            p.send("A", "98=0|108=30|141=Y|");
            Msg answer = p.read(2_000);
            if (answer != null && answer.type().equals("A")) {
                again = p;
            } else {
                p.close();
                Thread.sleep(50);
            }
        }
        assertNotNull(again, "TW-002 could log on again once its first connection ended");
        try (RawFixPeer p = again) {
            orderAnswered(p, "B-2", 2);
        }
    }
}
