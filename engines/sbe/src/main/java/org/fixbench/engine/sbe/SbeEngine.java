package org.fixbench.engine.sbe;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.agrona.concurrent.SystemEpochClock;
import org.fixbench.engine.InMemoryRoundTrip;
import org.fixbench.engine.MemoryPipe;
import org.fixbench.engine.OrderFlow;
import org.fixbench.engine.LastReport;
import org.fixbench.engine.Setting;
import org.fixbench.engine.sbe.app.ReportApplication;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionRecord;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Workload;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Versions;
import org.fixbench.fix.session.SessionConfig;

/**
 * fixbench's own FIX 4.4 engine: tag=value over an SBE-generated message model, a QuickFIX/J-compatible session
 * layer, dictionary validation, one single-threaded NIO loop per session side. Nothing is allocated per message.
 * Profiles: {@code published} validates every message against FIX44.xml (as {@code quickfixj:published} does);
 * {@code tuned} keeps the session-level checks only (as {@code quickfixj:tuned}, which has no dictionary).
 */
public final class SbeEngine implements FixEngine {
    @Override
    public String name() {
        return "sbe";
    }

    @Override
    public String defaultProfile() {
        return "published";
    }

    /** The default comparison runs the session-validation level, as it does for QuickFIX/J (its tuned profile). */
    @Override
    public List<String> comparisonProfiles() {
        return List.of("tuned");
    }

    @Override
    public Set<String> serverApplications() {
        return Set.of(EngineSetup.REPORT, EngineSetup.ECHO);
    }

    /** {@code store=file}: a file mapped into memory (SessionRecord), synced with {@code storeSync=Y}; else memory. */
    @Override
    public org.fixbench.engine.Durability durability(java.nio.file.Path profileFile) {
        java.util.Properties p = org.fixbench.engine.FixConfigs.properties(profileFile);
        if (!"file".equals(org.fixbench.engine.ProfileValues.choice(p, "sbe", "store", "memory", "memory", "file"))) {
            return org.fixbench.engine.Durability.MEMORY;
        }
        return "Y".equals(org.fixbench.engine.ProfileValues.choice(p, "sbe", "storeSync", "N", "Y", "N"))
                ? org.fixbench.engine.Durability.SYNCED : org.fixbench.engine.Durability.FILE;
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> v = new LinkedHashMap<>();
        java.util.Properties built = new java.util.Properties();
        try (java.io.InputStream in = SbeEngine.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                built.load(in);
            }
        } catch (java.io.IOException e) {
            // reported as unknown below
        }
        v.put("fixbench-engine-sbe", built.getProperty("fixbench-engine-sbe", "unknown"));
        v.put("sbe (model generated with)", built.getProperty("sbe", "unknown"));
        v.put("agrona", Versions.of("org.agrona", "agrona", org.agrona.DirectBuffer.class));
        v.put("dictionary", "QuickFIX/J FIX44.xml from quickfixj-messages-fix44 "
                + built.getProperty("quickfixj-messages-fix44", "unknown"));
        return v;
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.choice("validation", "dictionary", "dictionary: every incoming message checked against the "
                        + "dictionary; session: session-level checks only", "dictionary", "session"),
                Setting.choice("idle", "spin", "between empty polls: busy-spin, yield or back off", "spin", "yield",
                        "backoff"),
                Setting.text("dictionary", "(bundled FIX 4.4)", "a QuickFIX/J-format dictionary file instead of the "
                        + "bundled FIX 4.4 one"),
                Setting.positive("heartBtInt", "30", "the HeartBtInt an initiator proposes, seconds"),
                Setting.integer("minHeartBtInt", 0, Integer.MAX_VALUE, "1", "the smallest HeartBtInt a Logon may ask "
                        + "for, seconds"),
                Setting.positive("maxHeartBtInt", "3600", "the largest HeartBtInt a Logon may ask for, seconds"),
                Setting.positive("maxSilenceSeconds", "600", "a session that receives no whole message for this long "
                        + "ends"),
                Setting.positive("slowConsumerMillis", "10000", "an acceptor's connection that leaves its replies "
                        + "unread (less than maxMessageBytes free in its send buffer) for this long ends; meanwhile its "
                        + "input is not read, and other sessions go on"),
                Setting.positive("maxLatencySeconds", "120", "largest |now - SendingTime| accepted (QuickFIX/J's "
                        + "MaxLatency)"),
                Setting.positive("maxMessageBytes", "8192", "largest message held whole; longer ones are refused by "
                        + "their header"),
                Setting.positive("bufferBytes", "1048576", "socket buffers per session side, bytes"),
                Setting.positive("storeBytes", "67108864", "the in-memory store of sent messages for resends, bytes"),
                Setting.positive("storeMessages", "1048576", "... and messages (older ones are gap-filled)"),
                Setting.choice("store", "memory", "where the sequence numbers and the sent messages are kept: memory "
                        + "(gone with the process) or file (mapped into memory from a file in the work folder, "
                        + "sbe-store/SENDER-TARGET.store, which a process started again on that folder goes on from; "
                        + "not synced: it outlives the process, not the machine)", "memory", "file"),
                Setting.choice("storeSync", "N", "with store=file, force every change of a number and every message "
                        + "kept to the disk (msync) before going on, a message before it is sent: it outlives the "
                        + "machine (durability: synced), at a system call for each", "Y", "N"),
                Setting.positive("logonTimeoutMillis", "10000", "a connection without a Logon by then is closed"),
                Setting.positive("logoutTimeoutMillis", "2000", "a Logout unanswered by then ends the session"),
                Setting.choice("resetOnLogon", "N", "an acceptor starts both sides again at 1 at every Logon", "Y", "N"),
                Setting.choice("replayLoadsRange", "N", "planted for resend-storm's test: copy a ResendRequest's whole "
                        + "range onto the heap before resending it, as a store that loads it does", "Y", "N"),
                Setting.choice("resetOnDisconnect", "N", "both sides start again at 1 after every connection", "Y",
                        "N"),
                Setting.positive("maxConnections", "16", "an acceptor serves at most this many connections at once"),
                Setting.positive("rememberedClOrdIds", "100000", "the echo application remembers this many ClOrdIDs "
                        + "(PossResend duplicates)"),
                Setting.positive("rememberedClOrdIdBytes", "16777216", "... and at most this many bytes of them"),
                Setting.positive("badInputLogPerSecond", "10", "log lines a second about bad input; the rest are "
                        + "counted"));
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        SessionConfig config = SessionConfig.of(setup.profileProperties(), setup.serverCompId(), setup.clientCompId(),
                true);
        return new SbeServer(setup, config);
    }

    /**
     * A session's record as the profile's {@code store} says: in memory, allocated now, or in its file in the work
     * folder ({@code sbe-store/SENDER-TARGET.store}), recovered from it when a process before this one left one.
     */
    static SessionRecord record(EngineSetup setup, SessionConfig config) {
        String store = org.fixbench.engine.ProfileValues.choice(setup.profileProperties(), "sbe", "store", "memory", "memory", "file");
        if (store.equals("memory")) {
            return new SessionRecord(config.storeBytes(), config.storeMessages()).allocate();
        }
        Path file = setup.workDirectory().resolve("sbe-store")
                .resolve(config.senderCompId() + "-" + config.targetCompId() + ".store");
        try {
            return SessionRecord.inFile(file, config.storeBytes(), config.storeMessages(), "Y".equals(
                    org.fixbench.engine.ProfileValues.choice(setup.profileProperties(), "sbe", "storeSync", "N", "Y",
                            "N")));
        } catch (java.io.IOException e) {
            // one line naming the engine and the cause (a full disk, a folder it may not write)
            throw new org.fixbench.harness.api.HarnessException("sbe: cannot open the store " + file + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        SessionConfig config = SessionConfig.of(setup.profileProperties(), setup.clientCompId(), setup.serverCompId(),
                false);
        return setup.sessions() == 1 ? new SbeClient(config, setup.flow(), () -> record(setup, config))
                : SbeSessionsClient.of(setup, config);
    }

    /**
     * The engine's client ({@link SbeClient}) and an acceptor session with the report application, as
     * {@link SbeServer} runs them, over a {@link MemoryPipe}; polled in the caller's thread.
     */
    @Override
    public InMemoryRoundTrip inMemory(EngineSetup setup) {
        SessionConfig serverConfig = SessionConfig.of(setup.profileProperties(), setup.serverCompId(),
                setup.clientCompId(), true);
        SessionConfig clientConfig = SessionConfig.of(setup.profileProperties(), setup.clientCompId(),
                setup.serverCompId(), false);
        MemoryPipe pipe = new MemoryPipe(Math.max(1 << 16, serverConfig.bufferBytes()));
        SessionRecord record = new SessionRecord(serverConfig.storeBytes(), serverConfig.storeMessages()).allocate();
        FixSession server = new FixSession(serverConfig, pipe.server(), new ReportApplication(serverConfig,
                setup.hooks()), SystemEpochClock.INSTANCE, event -> System.err.println("[sbe server] " + event),
                new FixSession.Binder() {
                    @Override
                    public SessionRecord claim(FixSession session) {
                        return record;
                    }

                    @Override
                    public void release(FixSession session, SessionRecord r) {
                    }
                });
        SbeClient client = new SbeClient(clientConfig, OrderFlow.fixed());
        LastReport answered = new LastReport();
        client.attach(pipe.client(), answered);
        FixSession clientSession = client.session();
        clientSession.sendLogon(true);
        for (int i = 0; i < 100 && !(clientSession.isLoggedOn() && server.isLoggedOn()); i++) {
            server.poll();
            clientSession.poll();
        }
        if (!clientSession.isLoggedOn() || !server.isLoggedOn()) {
            throw new IllegalStateException("sbe in memory: no logon: client " + clientSession.endReason()
                    + ", server " + server.endReason());
        }
        return new InMemoryRoundTrip() {
            @Override
            public void send(long clOrdId) {
                client.send(clOrdId);
            }

            @Override
            public void serve() {
                server.poll();
            }

            @Override
            public long receive() {
                clientSession.poll();
                return answered.clOrdId();
            }

            @Override
            public void close() {
                clientSession.end("closed");
                server.end("closed");
            }
        };
    }

    @Override
    public String sessionThreading() {
        return "sbe: the server's session thread and the client's sending thread each ask one selector (epoll) which "
                + "connections have bytes and poll those sessions; timers once per millisecond; the profile's store "
                + "bounds shared among the sessions";
    }

    /**
     * Why {@code sessions} sessions did not fit in this JVM (the first {@code held} did): each session holds a receive
     * queue of {@code bufferBytes} on the heap and two socket buffers of that size off it, whatever else it needs.
     */
    static String memoryRefusal(int sessions, int held, int bufferBytes) {
        return "sbe: " + sessions + " sessions do not fit in this JVM's memory (" + held + " did; heap at most "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB): each session holds its bufferBytes ("
                + bufferBytes + ") on the heap and twice that off it; lower bufferBytes (e.g. sbe:PROFILE"
                + "+bufferBytes=65536) or the sessions";
    }
}
