package org.fixbench.engine.sbe;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.ServerHooks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** An sbe acceptor (profile yield, echo application) on a free loopback port for each test. */
abstract class EchoServerTestBase {
    @TempDir
    Path tmp;
    private EngineServer server;
    InetSocketAddress address;

    @BeforeEach
    void startEchoServer() throws Exception {
        EngineSetup setup = new EngineSetup("yield", FixConfigs.profileFile("sbe", "yield"), tmp,
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { }).withApplication(EngineSetup.ECHO);
        server = new SbeEngine().server(setup);
        address = server.start();
    }

    @AfterEach
    void stopEchoServer() throws Exception {
        server.close();
    }
}
