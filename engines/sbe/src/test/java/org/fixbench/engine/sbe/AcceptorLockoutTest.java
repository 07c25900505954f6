package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.sbe.RawFixPeer.Msg;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Nobody who can open a socket can lock the session out: a connection's slot is freed as it closes or times out. */
class AcceptorLockoutTest {
    @TempDir
    Path tmp;
    private EngineServer server;
    private InetSocketAddress address;

    private void start(String profileName, String extraProperties) throws Exception {
        Path profile = tmp.resolve(profileName + ".properties");
        Files.writeString(profile, Files.readString(FixConfigs.profileFile("sbe", profileName)) + "\n"
                + extraProperties + "\n");
        EngineSetup setup = new EngineSetup(profileName, profile, tmp, InetAddress.getLoopbackAddress(), 0, "ISLD",
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

    private RawFixPeer loggedOnWithin(int millis) throws Exception {
        RawFixPeer peer = new RawFixPeer(address);
        peer.sender = "TW";
        peer.target = "ISLD";
        peer.send("A", "98=0|108=30|");
        Msg logon = peer.read(millis);
        assertNotNull(logon, "no Logon answer within " + millis + " ms");
        assertEquals("A", logon.type(), logon.toString());
        return peer;
    }

    @Test
    void aHundredConnectionsClosedBeforeLogonLeaveNoSlotTaken() throws Exception {
        for (String profile : new String[] {"published", "conformance"}) {
            start(profile, "maxConnections=16");
            for (int i = 0; i < 100; i++) { // 100 connections against 16 slots
                new Socket(address.getAddress(), address.getPort()).close();
            }
            try (RawFixPeer peer = loggedOnWithin(1_000)) {
                assertEquals(profile, profile); // logged on: no slot was kept by the closed connections
            }
            server.close();
            server = null;
        }
    }

    @Test
    void silentConnectionsAreClosedAtTheirLogonTimeoutAndFreeTheirSlots() throws Exception {
        start("conformance", "maxConnections=8\nlogonTimeoutMillis=300");
        List<Socket> silent = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                silent.add(new Socket(address.getAddress(), address.getPort()));
            }
            Thread.sleep(700); // past the logon timeout: each silent one is closed and its slot freed
            try (RawFixPeer peer = loggedOnWithin(1_000)) {
                for (Socket s : silent) {
                    s.setSoTimeout(1_000);
                    assertEquals(-1, s.getInputStream().read(), "a silent connection closed by the acceptor");
                }
            }
        } finally {
            for (Socket s : silent) {
                s.close();
            }
        }
    }

    @Test
    void silentConnectionsHoldingEverySlotGiveWayToANewOneAndALoggedOnSessionKeepsItsSlot() throws Exception {
        start("conformance", "maxConnections=8");
        List<Socket> silent = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                silent.add(new Socket(address.getAddress(), address.getPort()));
            }
            Thread.sleep(100);
            try (RawFixPeer peer = loggedOnWithin(1_000)) {
                for (int i = 0; i < 100; i++) { // a flood while logged on: only connections not logged on give way
                    silent.add(new Socket(address.getAddress(), address.getPort()));
                }
                peer.send("D", RawFixPeer.order("still-here"));
                Msg echo = peer.readSkippingHeartbeats(5_000);
                assertNotNull(echo, "the logged-on session kept its slot");
                assertEquals("still-here", echo.get(11));
            }
        } finally {
            for (Socket s : silent) {
                s.close();
            }
        }
    }

    @Test
    void longDistinctClOrdIdsKeepTheRememberedBytesWithinTheirBound() throws Exception {
        start("conformance", "rememberedClOrdIdBytes=2097152");
        java.lang.management.MemoryMXBean memory = java.lang.management.ManagementFactory.getMemoryMXBean();
        long before = heapAfterGc(memory);
        int orders = 4_000;
        int length = 4_000; // 16 MB of distinct ClOrdIDs against a bound of 2 MiB
        try (RawFixPeer peer = loggedOnWithin(5_000)) {
            for (int i = 0; i < orders; i++) {
                String id = String.format("%08d", i) + "x".repeat(length - 8);
                peer.send("D", RawFixPeer.order(id));
                Msg echo = peer.readSkippingHeartbeats(5_000);
                assertNotNull(echo, "order " + i + " answered");
            }
            long grown = heapAfterGc(memory) - before;
            System.out.printf("heap after %,d orders with distinct %,d-byte ClOrdIDs: %+,d bytes (bound 2 MiB)%n",
                    orders, length, grown);
            org.junit.jupiter.api.Assertions.assertTrue(grown < 8L << 20,
                    "the server held " + grown + " bytes more after " + orders * (long) length + " bytes of ClOrdIDs");
        }
    }

    private static long heapAfterGc(java.lang.management.MemoryMXBean memory) throws InterruptedException {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
            least = Math.min(least, memory.getHeapMemoryUsage().getUsed());
        }
        return least;
    }
}
