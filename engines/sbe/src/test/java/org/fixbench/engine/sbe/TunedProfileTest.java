package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.sbe.RawFixPeer.Msg;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code tuned} profile (session-level checks only), run yielding: orders are still answered, a field the
 * model cannot take is still rejected, a tag the dictionary does not know passes (no dictionary), and a message
 * without the session's header fields is rejected.
 */
class TunedProfileTest {
    @TempDir
    Path tmp;

    @Test
    void sessionLevelChecksOnly() throws Exception {
        Path profile = tmp.resolve("tuned-yield.properties");
        Files.writeString(profile, Files.readString(FixConfigs.profileFile("sbe", "tuned")).replace("idle=spin", "idle=yield"));
        EngineSetup setup = new EngineSetup("tuned-yield", profile, tmp, InetAddress.getLoopbackAddress(),
                ServerHooks.NONE, role -> { });
        try (EngineServer server = new SbeEngine().server(setup)) {
            InetSocketAddress address = server.start();
            try (RawFixPeer peer = new RawFixPeer(address)) {
                peer.logon(30);
                peer.send("D", RawFixPeer.order("1001"));
                Msg report = peer.read(5_000);
                assertNotNull(report);
                assertEquals("8", report.type(), report.toString());
                assertEquals("1001", report.get(11));

                peer.send("D", RawFixPeer.order("1002") + "9999=not-in-the-dictionary|");
                assertEquals("8", peer.read(5_000).type(), "no dictionary: an unknown tag passes, as quickfixj:tuned");

                peer.send("D", RawFixPeer.order("1003").replace("54=1|", "54=Z|"));
                Msg reject = peer.read(5_000);
                assertEquals("3", reject.type(), reject.toString());
                assertEquals("5", reject.get(373));
                assertEquals("54", reject.get(371));

                peer.sendRaw(RawFixPeer.frame("FIX.4.4", "35=D|49=FIXBENCH-CLIENT|56=FIXBENCH-SERVER|34=5|"
                        + RawFixPeer.order("1004")));
                reject = peer.read(5_000);
                assertEquals("3", reject.type(), reject.toString());
                assertEquals("1", reject.get(373));
                assertEquals("52", reject.get(371));
                peer.nextSeq = 6;
                peer.send("D", RawFixPeer.order("1005"));
                assertEquals("1005", peer.read(5_000).get(11));
            }
        }
    }
}
