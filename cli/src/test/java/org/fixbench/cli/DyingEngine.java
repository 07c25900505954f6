package org.fixbench.cli;

import java.net.InetSocketAddress;
import java.util.Map;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.tcp.TcpEngine;

/**
 * For tests only: the raw-TCP engine whose server dies {@code dieAfterMillis} (profile; default 700) after it
 * starts, in the middle of a run.
 */
public final class DyingEngine implements FixEngine {
    private final TcpEngine tcp = new TcpEngine();

    @Override
    public String name() {
        return "dying";
    }

    @Override
    public String defaultProfile() {
        return "yield";
    }

    /** One session and the fixed workload only, unlike the interface's defaults: the refusals' test engine. */
    @Override
    public int maxSessions() {
        return 1;
    }

    @Override
    public boolean sendsEveryWorkload() {
        return false;
    }

    @Override
    public java.util.List<org.fixbench.engine.Setting> settings() {
        java.util.List<org.fixbench.engine.Setting> all = new java.util.ArrayList<>(tcp.settings());
        all.add(org.fixbench.engine.Setting.positive("dieAfterMillis", "700", "the server dies this long after it "
                + "starts"));
        all.add(org.fixbench.engine.Setting.choice("haltProcess", "false", "the server halts its whole process",
                "true", "false"));
        return all;
    }

    @Override
    public Map<String, String> versions() {
        return Map.of("dying", "test");
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        return tcp.client(setup);
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        EngineServer real = tcp.server(setup);
        long dieAfterMillis = Long.parseLong(setup.profileProperties().getProperty("dieAfterMillis", "700").trim());
        boolean haltProcess = Boolean.parseBoolean(setup.profileProperties().getProperty("haltProcess", "false").trim());
        return new EngineServer() {
            @Override
            public InetSocketAddress start() throws Exception {
                InetSocketAddress address = real.start();
                Thread killer = new Thread(() -> {
                    try {
                        Thread.sleep(dieAfterMillis);
                        if (haltProcess) {
                            Runtime.getRuntime().halt(9); // the whole server process dies, as a crash would
                        }
                        real.close();
                    } catch (Exception ignored) {
                        // the test checks what the client saw
                    }
                }, "dying-server-killer");
                killer.setDaemon(true);
                killer.start();
                return address;
            }

            @Override
            public void close() throws Exception {
                real.close();
            }
        };
    }
}
