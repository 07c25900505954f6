package org.fixbench.engine.philadelphia;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXVersion;
import org.fixbench.engine.Setting;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.InMemoryRoundTrip;
import org.fixbench.engine.MemoryPipe;
import org.fixbench.engine.LastReport;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.ProfileValues;
import org.fixbench.engine.Versions;
import org.fixbench.engine.Workload;

/**
 * Philadelphia (paritytrading): a small, zero-GC FIX library. It has no threads of its own: the server's thread
 * and the client's sending thread each own one connection and drive it (receive, keep alive, send).
 */
public final class PhiladelphiaEngine implements FixEngine {
    @Override
    public String name() {
        return "philadelphia";
    }

    @Override
    public String defaultProfile() {
        return "spin";
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("philadelphia-core", Versions.of("com.paritytrading.philadelphia", "philadelphia-core"));
        v.put("philadelphia-fix44", Versions.of("com.paritytrading.philadelphia", "philadelphia-fix44"));
        return v;
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        Properties p = setup.profileProperties();
        return new PhiladelphiaServer(setup, idle(p), config(p, setup.serverCompId(), setup.clientCompId()));
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.choice("mode", "spin", "between empty reads the polling threads spin or yield", "spin", "yield"),
                Setting.positive("heartBtInt", String.valueOf(Workload.HEARTBEAT_SECONDS), "HeartBtInt, seconds"),
                Setting.positive("rxBufferCapacity", "65536", "receive buffer, bytes (FIXConfig)"),
                Setting.positive("txBufferCapacity", "4096", "transmit buffer, bytes (FIXConfig)"),
                Setting.positive("maxFieldCount", "64", "fields a message may hold (FIXConfig)"),
                Setting.positive("fieldCapacity", "64", "bytes a field value may hold (FIXConfig)"));
    }

    /**
     * The engine's client ({@link PhiladelphiaClient}) and a server session with its report answer
     * ({@link PhiladelphiaServer}), over a {@link MemoryPipe}, driven in the caller's thread: the client sends and
     * reads the clock and keeps alive as its poll does; the server keeps alive when the millisecond changed, as its
     * thread does, and receives.
     */
    @Override
    public InMemoryRoundTrip inMemory(EngineSetup setup) {
        Properties p = setup.profileProperties();
        MemoryPipe pipe = new MemoryPipe(1 << 17);
        PhiladelphiaServer server = new PhiladelphiaServer(setup, () -> { },
                config(p, setup.serverCompId(), setup.clientCompId()));
        PhiladelphiaServer.Side serverSide = server.attach(pipe.server());
        PhiladelphiaClient client = PhiladelphiaClient.member(config(p, setup.clientCompId(), setup.serverCompId()),
                setup.flow());
        LastReport answered = new LastReport();
        client.attach(pipe.client(), answered);
        try {
            client.connection().sendLogon(true);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (int i = 0; i < 100 && !(client.loggedOn() && serverSide.loggedOn()); i++) {
            serverSide.receive();
            client.poll();
        }
        if (!client.loggedOn() || !serverSide.loggedOn()) {
            throw new IllegalStateException("philadelphia in memory: no logon: server " + serverSide.endReason());
        }
        long[] tickedMillis = {0};
        return new InMemoryRoundTrip() {
            @Override
            public void send(long clOrdId) {
                client.send(clOrdId);
            }

            @Override
            public void serve() {
                long now = System.currentTimeMillis();
                if (now != tickedMillis[0]) {
                    tickedMillis[0] = now;
                    serverSide.tick(now);
                }
                serverSide.receive();
            }

            @Override
            public long receive() {
                client.poll();
                return answered.clOrdId();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        Properties p = setup.profileProperties();
        return setup.sessions() == 1 ? new PhiladelphiaClient(idle(p), config(p, setup.clientCompId(),
                setup.serverCompId()), setup.flow()) : PhiladelphiaSessionsClient.of(setup, p);
    }

    @Override
    public String sessionThreading() {
        return "philadelphia: the server's one thread and the client's sending thread each ask one selector (epoll) "
                + "which connections have bytes and receive on those; keep-alive once per millisecond";
    }

    static Runnable idle(Properties p) {
        return ProfileValues.choice(p, "philadelphia", "mode", "spin", "spin", "yield").equals("spin")
                ? Thread::onSpinWait : Thread::yield;
    }

    static FIXConfig config(Properties p, String sender, String target) {
        return FIXConfig.newBuilder()
                .setVersion(FIXVersion.FIX_4_4)
                .setSenderCompID(sender)
                .setTargetCompID(target)
                .setHeartBtInt(positive(p, "heartBtInt", Workload.HEARTBEAT_SECONDS))
                .setRxBufferCapacity(positive(p, "rxBufferCapacity", 65536))
                .setTxBufferCapacity(positive(p, "txBufferCapacity", 4096))
                .setMaxFieldCount(positive(p, "maxFieldCount", 64))
                .setFieldCapacity(positive(p, "fieldCapacity", 64))
                .build();
    }

    private static int positive(Properties p, String key, int fallback) {
        return ProfileValues.positiveInt(p, "philadelphia", key, fallback);
    }
}
