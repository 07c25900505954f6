package org.fixbench.engine.quickfixj;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

import org.fixbench.engine.Setting;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.InMemoryRoundTrip;
import org.fixbench.engine.LastReport;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Versions;

/** QuickFIX/J on Apache MINA: a SocketAcceptor as server, a SocketInitiator as client. */
public final class QuickFixJEngine implements FixEngine {
    @Override
    public String name() {
        return "quickfixj";
    }

    @Override
    public String defaultProfile() {
        return "tuned";
    }

    /** {@code fixbench.store=file}: QuickFIX/J's file store, synced per message with {@code FileStoreSync=Y}. */
    @Override
    public org.fixbench.engine.Durability durability(java.nio.file.Path profileFile) {
        return QuickFixJProfile.durability(profileFile);
    }

    /** {@code SocketUseSSL=Y}: QuickFIX/J's own TLS, with the run's certificates ({@link QuickFixJTls}). */
    @Override
    public org.fixbench.engine.Tls tls(java.nio.file.Path profileFile) {
        return QuickFixJProfile.tls(profileFile);
    }

    /** Its TLS is its own: its profiles set SocketUseSSL, not the terminator's keys. */
    @Override
    public boolean tlsThroughTerminator() {
        return false;
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("quickfixj-core", Versions.of("org.quickfixj", "quickfixj-core"));
        v.put("quickfixj-messages-fix44", Versions.of("org.quickfixj", "quickfixj-messages-fix44"));
        v.put("mina-core", Versions.of("org.apache.mina", "mina-core"));
        return v;
    }

    @Override
    public java.util.Set<String> serverApplications() {
        return java.util.Set.of(EngineSetup.REPORT, EngineSetup.ECHO);
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.choice("fixbench.store", "memory", "QuickFIX/J's message store: memory or files in the work "
                        + "folder", "memory", "file"),
                Setting.choice("fixbench.log", "none", "QuickFIX/J's message and event log: none or files in the work "
                        + "folder", "none", "file"),
                Setting.text("BeginString", "FIX.4.4", "QuickFIX/J session setting"),
                Setting.positive("HeartBtInt", "30", "HeartBtInt, seconds"),
                Setting.text("StartTime", "00:00:00", "session start time (QuickFIX/J)"),
                Setting.text("EndTime", "00:00:00", "session end time (QuickFIX/J)"),
                Setting.choice("ResetOnLogon", "N", "both sides start again at 1 at every Logon", "Y", "N"),
                Setting.choice("CheckLatency", "Y", "check SendingTime against MaxLatency", "Y", "N"),
                Setting.positive("MaxLatency", "120", "largest |now - SendingTime| accepted, seconds"),
                Setting.choice("SocketTcpNoDelay", "N", "TCP_NODELAY", "Y", "N"),
                Setting.positive("SocketReceiveBufferSize", "(the OS's)", "SO_RCVBUF, bytes"),
                Setting.positive("SocketSendBufferSize", "(the OS's)", "SO_SNDBUF, bytes"),
                Setting.choice("SocketSynchronousWrites", "N", "each send waits until MINA has written it (for at "
                        + "most SocketSynchronousWriteTimeout): with SocketUseSSL=Y, no more than one write waits in "
                        + "MINA's SSL filter, which ends the session past 70", "Y", "N"),
                Setting.positive("SocketSynchronousWriteTimeout", "30000", "with SocketSynchronousWrites=Y, how long "
                        + "a send waits, ms"),
                Setting.choice("PersistMessages", "Y", "keep sent messages for resends", "Y", "N"),
                Setting.choice("FileStoreSync", "N", "with fixbench.store=file, sync the store's files to the disk "
                        + "after each write (durability: synced)", "Y", "N"),
                Setting.choice("SocketUseSSL", "N", "QuickFIX/J's own TLS (MINA's SSL filter), with certificates "
                        + "made for the run: the suite sets the key and trust stores", "Y", "N"),
                Setting.text("EnabledProtocols", "(the JDK's)", "with SocketUseSSL=Y, the TLS protocol versions "
                        + "allowed, e.g. TLSv1.3"),
                Setting.text("CipherSuites", "(the JDK's)", "with SocketUseSSL=Y, the cipher suites allowed"),
                Setting.choice("UseDataDictionary", "Y", "validate messages against the data dictionary", "Y", "N"),
                Setting.text("DataDictionary", "FIX44.xml", "the data dictionary file"),
                Setting.choice("ValidateUserDefinedFields", "Y", "validate user-defined fields (with the dictionary)",
                        "Y", "N"),
                Setting.choice("ValidateFieldsOutOfOrder", "Y", "reject header/body/trailer fields out of order",
                        "Y", "N"),
                Setting.choice("ValidateFieldsHaveValues", "Y", "reject fields without values", "Y", "N"),
                Setting.choice("ValidateIncomingMessage", "Y", "validate incoming messages at all (with the "
                        + "dictionary)", "Y", "N"),
                Setting.choice("RejectInvalidMessage", "Y", "reject invalid messages (else log them and go on)", "Y",
                        "N"),
                Setting.choice("CheckCompID", "Y", "check the CompIDs of incoming messages", "Y", "N"),
                Setting.choice("ValidateSequenceNumbers", "Y", "check incoming MsgSeqNum", "Y", "N"));
    }

    @Override
    public String sessionThreading() {
        return "quickfixj: one SocketAcceptor serves every session on its port and one SocketInitiator carries every "
                + "client session, each with QuickFIX/J's one message-processor thread for all sessions and MINA's "
                + "I/O threads";
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        return new QuickFixJServer(setup, QuickFixJProfile.load(setup));
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        return new QuickFixJClient(setup, QuickFixJProfile.load(setup));
    }

    /**
     * The engine's client ({@link QuickFixJClient}) and server ({@link QuickFixJServer}) applications on QuickFIX/J
     * sessions made as the initiator and acceptor make them (the profile's settings, store, log and validation), joined
     * by responders that hand each side's messages to the other: a message's text is parsed by QuickFIX/J
     * ({@code MessageUtils.parse}) and given to the session ({@code Session.next}), as its MINA handler does. Not in
     * it: MINA's framing (its decoder) and threads; QuickFIX/J has no in-memory transport that keeps them without
     * threads of its own.
     */
    @Override
    public InMemoryRoundTrip inMemory(EngineSetup setup) throws Exception {
        QuickFixJProfile profile = QuickFixJProfile.load(setup);
        java.net.InetSocketAddress none = new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 1);
        quickfix.SessionSettings serverSettings = profile.settings(true, none, setup);
        quickfix.SessionSettings clientSettings = profile.settings(false, none, setup);
        QuickFixJServer serverApp = new QuickFixJServer(setup, profile);
        QuickFixJClient clientApp = new QuickFixJClient(setup, profile);
        quickfix.Session server = new quickfix.DefaultSessionFactory(serverApp, profile.storeFactory(serverSettings),
                profile.logFactory(serverSettings), new quickfix.DefaultMessageFactory())
                .create(QuickFixJProfile.sessionId(true, setup), serverSettings);
        quickfix.Session client = new quickfix.DefaultSessionFactory(clientApp, profile.storeFactory(clientSettings),
                profile.logFactory(clientSettings), new quickfix.DefaultMessageFactory())
                .create(QuickFixJProfile.sessionId(false, setup), clientSettings);
        java.util.ArrayDeque<String> toServer = new java.util.ArrayDeque<>();
        java.util.ArrayDeque<String> toClient = new java.util.ArrayDeque<>();
        server.setResponder(new MemoryResponder(toClient));
        client.setResponder(new MemoryResponder(toServer));
        LastReport answered = new LastReport();
        clientApp.attach(client, answered);
        InMemoryRoundTrip trip = new InMemoryRoundTrip() {
            @Override
            public void send(long clOrdId) {
                try {
                    clientApp.send(clOrdId);
                } catch (Exception e) {
                    throw new IllegalStateException("quickfixj in memory: " + e, e);
                }
            }

            @Override
            public void serve() {
                try {
                    deliver(toServer, server);
                } catch (Exception e) {
                    throw new IllegalStateException("quickfixj in memory: " + e, e);
                }
            }

            @Override
            public long receive() {
                try {
                    deliver(toClient, client);
                } catch (Exception e) {
                    throw new IllegalStateException("quickfixj in memory: " + e, e);
                }
                return answered.clOrdId();
            }

            @Override
            public void close() {
                try {
                    server.close();
                    client.close();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
        client.logon();
        for (int i = 0; i < 100 && !(client.isLoggedOn() && server.isLoggedOn()); i++) {
            client.next(); // the initiator's timer: sends the Logon when due
            deliver(toServer, server);
            deliver(toClient, client);
        }
        if (!client.isLoggedOn() || !server.isLoggedOn()) {
            throw new IllegalStateException("quickfixj in memory: no logon");
        }
        return trip;
    }

    private static void deliver(java.util.ArrayDeque<String> queue, quickfix.Session to) throws Exception {
        String text;
        while ((text = queue.poll()) != null) {
            to.next(quickfix.MessageUtils.parse(to, text));
        }
    }

    /** A session's sends, queued for the other side. */
    private record MemoryResponder(java.util.ArrayDeque<String> queue) implements quickfix.Responder {
        @Override
        public boolean send(String data) {
            return queue.add(data);
        }

        @Override
        public void disconnect() {
        }

        @Override
        public String getRemoteAddress() {
            return "memory";
        }
    }
}
