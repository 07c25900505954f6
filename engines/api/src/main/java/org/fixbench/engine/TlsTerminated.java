package org.fixbench.engine;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An engine as the suite runs it: itself, and where its profile sets {@code tls=terminator} ({@link Tls#TERMINATOR}),
 * with a {@link Stunnel} in front of its server and of its client. The engine is not told: its server listens on the
 * loopback, its client connects to its own terminator, and the session between the two terminators is TLS with the
 * run's certificates ({@link TlsMaterial}). Every engine found by name ({@link EngineSpec#available()}) is wrapped, so
 * every command runs TLS the same way; a profile without the setting runs the engine untouched.
 *
 * <p>A handshake that fails (a certificate not trusted or expired, a protocol the other end refuses) ends the
 * client's connect with one line naming the engine and what the terminator said; a terminator that exits ends the
 * server ({@link EngineServer#failure()}) or the session ({@link ReportListener#onDisconnect}) likewise.
 */
final class TlsTerminated implements FixEngine {
    private final FixEngine engine;

    private TlsTerminated(FixEngine engine) {
        this.engine = engine;
    }

    static FixEngine around(FixEngine engine) {
        return engine instanceof TlsTerminated ? engine : new TlsTerminated(engine);
    }

    private boolean terminated(Path profileFile) {
        return engine.tlsThroughTerminator() && engine.tls(profileFile) == Tls.TERMINATOR;
    }

    /** Whether the client reaches the server through a terminator: at both ends, or before a native server. */
    private boolean clientTerminated(Path profileFile) {
        return terminated(profileFile) || (engine.nativeTlsClientThroughTerminator()
                && engine.tls(profileFile) == Tls.NATIVE);
    }

    @Override
    public EngineServer server(EngineSetup setup) throws Exception {
        if (!terminated(setup.profileFile())) {
            return engine.server(setup);
        }
        TlsMaterial material = TlsMaterial.in(TlsMaterial.folderFor(setup));
        EngineServer inner = engine.server(setup.withAddress(InetAddress.getLoopbackAddress(), 0));
        String protocol = Tls.protocol(setup.profileFile());
        String label = engine.name() + ":" + setup.profile();
        return new EngineServer() {
            private Stunnel stunnel;

            @Override
            public InetSocketAddress start() throws Exception {
                InetSocketAddress backend = inner.start();
                stunnel = Stunnel.server(material, new InetSocketAddress(setup.bindAddress(), setup.port()),
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), backend.getPort()), protocol, setup,
                        label);
                return stunnel.address();
            }

            @Override
            public String failure() {
                String failure = inner.failure();
                return failure != null || stunnel == null ? failure : stunnel.failure();
            }

            @Override
            public void close() throws Exception {
                try {
                    if (stunnel != null) {
                        stunnel.close();
                    }
                } finally {
                    inner.close();
                }
            }
        };
    }

    @Override
    public EngineClient client(EngineSetup setup) throws Exception {
        EngineClient inner = engine.client(setup);
        if (!clientTerminated(setup.profileFile())) {
            return inner;
        }
        return new Client(inner, setup, engine.name() + ":" + setup.profile(), engine.tls(setup.profileFile()),
                engine.tlsTrust(setup.profileFile()));
    }

    /** The engine's client, connected through its own terminator. */
    static final class Client implements EngineClient {
        /** How long a session that ended waits to see whether its terminator exited. */
        private static final long EXIT_WAIT_MILLIS = 300;
        private final EngineClient inner;
        private final EngineSetup setup;
        private final String label;
        private final Tls tls;
        private final Path trust;
        private Stunnel stunnel;
        private InetSocketAddress server;

        /**
         * {@code tls}: {@link Tls#TERMINATOR} (a terminator at both ends) or {@link Tls#NATIVE} (the server's own);
         * {@code trust}: the authorities to trust in place of the run's (null: the run's).
         */
        Client(EngineClient inner, EngineSetup setup, String label, Tls tls, Path trust) {
            this.inner = inner;
            this.setup = setup;
            this.label = label;
            this.tls = tls;
            this.trust = trust;
        }

        @Override
        public void connect(InetSocketAddress to, ReportListener listener, Duration timeout) throws Exception {
            server = to;
            String protocol = Tls.protocol(setup.profileFile());
            if (trust == null) {
                stunnel = Stunnel.client(TlsMaterial.in(TlsMaterial.folderFor(setup)), to, protocol, setup, label);
            } else {
                java.nio.file.Files.createDirectories(TlsMaterial.folderFor(setup));
                stunnel = Stunnel.client(trust, TlsMaterial.folderFor(setup), to, protocol, setup, label);
            }
            try {
                inner.connect(stunnel.address(), watched(listener), timeout);
            } catch (Exception e) {
                String why = stunnel.reason();
                if (why == null) {
                    throw e;
                }
                throw new IllegalStateException(label + ": the TLS session to " + hostPort(to) + " failed: " + why
                        + " (the client's terminator, " + stunnel.version() + "; " + e.getMessage() + ")", e);
            }
            // a client that needs no reply to connect (the raw-TCP floor's) is connected before the handshake ends
            long deadline = System.nanoTime() + timeout.toNanos();
            String negotiated;
            while ((negotiated = stunnel.negotiated()) == null && System.nanoTime() < deadline) {
                String why = stunnel.reason();
                if (why != null) {
                    throw new IllegalStateException(label + ": the TLS session to " + hostPort(to) + " failed: " + why
                            + " (the client's terminator, " + stunnel.version() + ")");
                }
                Thread.sleep(5);
            }
            setup.note(Tls.negotiatedNote(negotiated == null ? Tls.NOT_READ : negotiated, tls == Tls.NATIVE
                    ? "the server's own TLS, " + stunnel.version() + " at the client" : stunnel.version()
                    + " at both ends"));
        }

        private ReportListener watched(ReportListener listener) {
            return new Watched(listener, this::withTerminator);
        }

        /**
         * {@code reason}, and the terminator's exit when it exited: a session's socket closes as the terminator dies,
         * before its exit is seen, so its exit is waited for a little.
         */
        private String withTerminator(String reason) {
            try {
                stunnel.process().waitFor(EXIT_WAIT_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String failure = stunnel.failure();
            return failure == null ? reason : reason + " (" + failure + ")";
        }

        @Override
        public void send(long clOrdId) {
            inner.send(clOrdId);
        }

        @Override
        public void send(int session, long clOrdId) {
            inner.send(session, clOrdId);
        }

        @Override
        public boolean logOnAgain(InetSocketAddress to, ReportListener listener, Duration timeout) throws Exception {
            if (!to.equals(server)) {
                return false; // its terminator connects to the server it was made for: a fresh client is made
            }
            return inner.logOnAgain(stunnel.address(), watched(listener), timeout);
        }

        @Override
        public boolean sendWhileDown(long clOrdId) {
            return inner.sendWhileDown(clOrdId);
        }

        @Override
        public boolean keptFailedSend() {
            return inner.keptFailedSend();
        }

        @Override
        public boolean keepsBeyondItself() {
            return inner.keepsBeyondItself();
        }

        @Override
        public boolean takesOrdersWhileLoggingOnAgain() {
            return inner.takesOrdersWhileLoggingOnAgain();
        }

        @Override
        public boolean receivesOnCallerThread() {
            return inner.receivesOnCallerThread();
        }

        @Override
        public boolean poll() {
            return inner.poll();
        }

        @Override
        public void close() throws Exception {
            try {
                inner.close();
            } finally {
                if (stunnel != null) {
                    stunnel.close();
                }
            }
        }
    }

    private static String hostPort(InetSocketAddress address) {
        return (address.getAddress() == null ? address.getHostString() : address.getAddress().getHostAddress()) + ":"
                + address.getPort();
    }

    /** A session's listener, told why when the session ends because the terminator exited. */
    static final class Watched implements ReportListener {
        private final ReportListener listener;
        private final java.util.function.UnaryOperator<String> why;

        Watched(ReportListener listener, java.util.function.UnaryOperator<String> why) {
            this.listener = listener;
            this.why = why;
        }

        @Override
        public void onExecutionReport(long clOrdId) {
            listener.onExecutionReport(clOrdId);
        }

        @Override
        public void onExecutionReport(int session, long clOrdId) {
            listener.onExecutionReport(session, clOrdId);
        }

        @Override
        public void onDisconnect(String reason) {
            listener.onDisconnect(why.apply(reason));
        }

        @Override
        public void onDisconnect(int session, String reason) {
            listener.onDisconnect(session, why.apply(reason));
        }

        @Override
        public void onWrongAnswer(int session, String reason) {
            listener.onWrongAnswer(session, reason);
        }

        @Override
        public void onStage(int stage, long clOrdId) {
            listener.onStage(stage, clOrdId);
        }

        @Override
        public void onRequestAnswered(char msgType, long clOrdId) {
            listener.onRequestAnswered(msgType, clOrdId);
        }
    }

    @Override
    public String runningServerAddress(EngineSpec spec, boolean serverGiven) {
        if (readable(spec) && clientTerminated(spec.profileFile())) {
            String missing = Stunnel.missing();
            if (missing != null) {
                throw new IllegalArgumentException(spec.label() + ": " + missing);
            }
        }
        return engine.runningServerAddress(spec, serverGiven);
    }

    /** Whether the profile can be read: where it cannot, the engine says why, where it did before. */
    private static boolean readable(EngineSpec spec) {
        try {
            return java.nio.file.Files.isRegularFile(spec.baseProfileFile());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public InMemoryRoundTrip inMemory(EngineSetup setup) throws Exception {
        return terminated(setup.profileFile()) ? null : engine.inMemory(setup); // no TLS over memory
    }

    // everything else is the engine's own

    @Override public String name() { return engine.name(); }
    @Override public String defaultProfile() { return engine.defaultProfile(); }
    @Override public List<String> comparisonProfiles() { return engine.comparisonProfiles(); }
    @Override public boolean reportsInOrder() { return engine.reportsInOrder(); }
    @Override public List<String> stages() { return engine.stages(); }
    @Override public boolean serverTimesLegs() { return engine.serverTimesLegs(); }
    @Override public boolean speaksFix() { return engine.speaksFix(); }
    @Override public Set<String> serverApplications() { return engine.serverApplications(); }
    @Override public List<Setting> settings() { return engine.settings(); }
    @Override public List<String> secrets(Path profileFile) { return engine.secrets(profileFile); }
    @Override public Durability durability(Path profileFile) { return engine.durability(profileFile); }
    @Override public boolean durabilityDeclared(Path profileFile) { return engine.durabilityDeclared(profileFile); }
    @Override public Tls tls(Path profileFile) { return engine.tls(profileFile); }
    @Override public boolean tlsThroughTerminator() { return engine.tlsThroughTerminator(); }
    @Override public boolean nativeTlsClientThroughTerminator() { return engine.nativeTlsClientThroughTerminator(); }
    @Override public Path tlsTrust(Path profileFile) { return engine.tlsTrust(profileFile); }
    @Override public boolean serverAcceptsSuiteCompIds() { return engine.serverAcceptsSuiteCompIds(); }
    @Override public boolean checks() { return engine.checks(); }

    @Override
    public int check(Path profileFile, InetSocketAddress server, Duration wait, java.io.PrintStream out)
            throws Exception {
        return engine.check(profileFile, server, wait, out);
    }

    @Override
    public List<String> startSequenceNumbersAgain(Path profileFile) throws java.io.IOException {
        return engine.startSequenceNumbersAgain(profileFile);
    }

    @Override public Map<String, String> versions() { return engine.versions(); }
    @Override public int maxSessions() { return engine.maxSessions(); }
    @Override public String sessionsRefusal(int count) { return engine.sessionsRefusal(count); }
    @Override public boolean sendsEveryWorkload() { return engine.sendsEveryWorkload(); }
    @Override public String workloadRefusal(OrderFlow flow) { return engine.workloadRefusal(flow); }
    @Override public String sessionThreading() { return engine.sessionThreading(); }

    /** The engine it wraps (tests). */
    FixEngine engine() {
        return engine;
    }
}
