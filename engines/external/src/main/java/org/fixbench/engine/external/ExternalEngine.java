package org.fixbench.engine.external;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.engine.Setting;

/**
 * Any FIX acceptor, measured as a black box: {@code external:NAME} is {@code fix-configs/external/NAME.properties},
 * {@code external:path/to/file.properties} any engine file ({@link EngineFile}). The server role starts the file's
 * command ({@link StartedAcceptor}); the client is sbe's initiator session ({@link ExternalClient}). The default
 * comparison leaves it out: it is named with {@code --engines}.
 */
public final class ExternalEngine implements FixEngine {

    @Override
    public String name() {
        return "external";
    }

    @Override
    public String defaultProfile() {
        return "quickfix-cpp";
    }

    /** None: what the JDK and Maven give is the default comparison; these are named with --engines. */
    @Override
    public List<String> comparisonProfiles() {
        return List.of();
    }

    /** {@link #stages()}: an order's first report, its first ack (ExecType 0), the fill that completes it. */
    public static final int STAGE_FIRST_REPORT = 0;
    public static final int STAGE_ACK = 1;
    public static final int STAGE_FILL = 2;
    public static final List<String> STAGES = List.of(RoundTripTask.STAGE_PREFIX + "first report",
            RoundTripTask.STAGE_PREFIX + "ack", RoundTripTask.STAGE_PREFIX + "fill");

    /** Each from the order's intended send time: its first report, its first ack, the fill that completes it. */
    @Override
    public List<String> stages() {
        return STAGES;
    }

    /** A gateway may answer orders in any order: each report is matched to its order by its ClOrdID. */
    @Override
    public boolean reportsInOrder() {
        return false;
    }

    /** A black box: no probe inside it, so the legs are not measured. */
    @Override
    public boolean serverTimesLegs() {
        return false;
    }

    @Override
    public List<Setting> settings() {
        return EngineFile.SETTINGS;
    }

    /** Every value the file reads through a reference, and its Logon's passwords ({@link EngineFile#secrets}). */
    @Override
    public List<String> secrets(Path profileFile) {
        return EngineFile.read(profileFile).secrets();
    }

    /** With resetSeqNumFlag=N: removes the session's kept numbers ({@link ExternalClient#recordFile}). */
    @Override
    public List<String> startSequenceNumbersAgain(Path profileFile) throws java.io.IOException {
        EngineFile file = EngineFile.read(profileFile);
        if (file.resetSeqNumFlag()) {
            return List.of();
        }
        Path kept = ExternalClient.recordFile(file);
        return List.of(file.name() + ": sequence numbers start again at 1 (" + (java.nio.file.Files.deleteIfExists(kept)
                ? "removed " : "none kept yet in ") + kept + ")");
    }

    /** The file's {@code tls}: none, terminator, or native (the acceptor's own TLS). */
    @Override
    public org.fixbench.engine.Tls tls(Path profileFile) {
        return EngineFile.read(profileFile).tls();
    }

    /** The suite's client speaks no TLS: before an acceptor's own TLS, it goes through a terminator. */
    @Override
    public boolean nativeTlsClientThroughTerminator() {
        return true;
    }

    /** The file's {@code tlsTrust}: the authorities of a gateway that runs elsewhere with TLS of its own. */
    @Override
    public Path tlsTrust(Path profileFile) {
        return EngineFile.read(profileFile).tlsTrust();
    }

    /**
     * A black box keeps what its own configuration says, which the suite cannot see: the engine file's {@code store}
     * says it, or the durability is unknown.
     */
    @Override
    public org.fixbench.engine.Durability durability(java.nio.file.Path profileFile) {
        return EngineFile.read(profileFile).durability();
    }

    /** What the file says of its store is its author's word: the suite does not see inside the acceptor. */
    @Override
    public boolean durabilityDeclared(java.nio.file.Path profileFile) {
        return EngineFile.read(profileFile).durability() != org.fixbench.engine.Durability.UNKNOWN;
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("external client", "sbe's initiator session (module fix, which sbe runs on), driven by engines/external");
        return v;
    }

    /** A gateway accepts the CompIDs its file gives, not the suite's own. */
    @Override
    public boolean serverAcceptsSuiteCompIds() {
        return false;
    }

    /** {@code fixbench check} is for external engines: {@link Check}. */
    @Override
    public boolean checks() {
        return true;
    }

    @Override
    public int check(Path profileFile, java.net.InetSocketAddress server, java.time.Duration wait,
                     java.io.PrintStream out) throws Exception {
        return Check.run(profileFile, server, wait, out);
    }

    /**
     * Where an external engine's acceptor already runs when a comparison is not given {@code --server}: its file's
     * {@code address}, or null when the file has a command. @throws IllegalArgumentException (one line) when the
     * file names neither and {@code serverGiven} is false, or when what its command needs is not installed (naming
     * the install command): before anything runs
     */
    @Override
    public String runningServerAddress(EngineSpec spec, boolean serverGiven) {
        Path profileFile = spec.profileFile();
        EngineFile file = EngineFile.read(profileFile);
        if (serverGiven) {
            return null;
        }
        if (!file.command().isEmpty()) {
            String missing = file.missing(home());
            if (missing != null) {
                throw new IllegalArgumentException(notInstalled(file, missing));
            }
            return null;
        }
        if (file.address().isEmpty()) {
            throw new IllegalArgumentException("engine file " + profileFile + ": no command to start the acceptor "
                    + "and no address where it runs: give one, or --server HOST:PORT");
        }
        return file.address();
    }

    /** The one line that refuses an engine whose command needs what is not installed. */
    static String notInstalled(EngineFile file, String missing) {
        return file.name() + " is not installed (" + missing + " is missing): "
                + (file.install().isEmpty() ? "see " + file.file() : file.install());
    }

    static Path home() {
        return FixConfigs.root().getParent();
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        return new StartedAcceptor(EngineFile.read(setup.profileFile()), setup, home());
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        EngineFile file = EngineFile.read(setup.profileFile());
        setup.note(file.name() + ": " + file.describe());
        setup.note(file.name() + ": the legs (client->server, server processing, server->client) are not measured: "
                + "no probe inside an acceptor fixbench did not build; end to end is");
        if (!file.versionCommand().isEmpty()) {
            setup.note(file.name() + " version: " + version(file, home()));
        }
        if (setup.sessions() > 1 || file.clientCompId().contains(EngineFile.SESSION_NUMBER)) {
            List<ExternalClient> clients = new java.util.ArrayList<>();
            for (int i = 0; i < setup.sessions(); i++) {
                int number = setup.firstIdentity() + i + 1;
                EngineFile mine = file.forSession(number, setup.identityCount());
                clients.add(new ExternalClient(mine, setup.flow(), event -> System.err.println("[" + file.name() + " client "
                        + mine.clientCompId() + "] " + event)));
            }
            setup.note(file.name() + ": " + setup.sessions() + " session(s), " + clients.get(0).compIds() + " to "
                    + clients.get(clients.size() - 1).compIds());
            return new ManySessions(clients, setup, file);
        }
        ExternalClient client = new ExternalClient(file, setup.flow(), event -> System.err.println("[" + file.name() + " client] "
                + event));
        return new NotingClient(client, setup, file);
    }

    /** Notes what {@code clients} counted together over the warm-up and the runs: reports not timed, notices. */
    static void noteCounts(EngineSetup setup, EngineFile file, List<ExternalClient> clients) {
        long other = 0;
        long rejects = 0;
        long resent = 0;
        long unsolicited = 0;
        for (ExternalClient c : clients) {
            other += c.otherReports();
            rejects += c.rejects();
            resent += c.resentReports();
            unsolicited += c.unsolicitedTotal();
        }
        String sessions = clients.size() > 1 ? ", all sessions" : "";
        setup.note(file.name() + ": " + other + " ExecutionReports that ended no round trip (fills after the ack, "
                + "reports before the one timed: " + file.timedReportName() + ") counted, not timed, over the warm-up "
                + "and the runs" + sessions + "; " + rejects + " rejects" + (resent > 0 ? "; " + resent + " reports "
                + "resent (PossDupFlag=Y) of orders of an earlier connection, counted" : ""));
        long cancelRejects = 0;
        long cancelsAndReplaces = 0;
        long[] byReason = new long[100];
        for (ExternalClient c : clients) {
            cancelRejects += c.cancelRejects();
            cancelsAndReplaces += c.cancelsAndReplacesSent();
            long[] mine = c.cancelRejectsByReason();
            for (int r = 0; r < byReason.length; r++) {
                byReason[r] += mine[r];
            }
        }
        if (cancelsAndReplaces > 0) {
            StringBuilder reasons = new StringBuilder();
            for (int r = 0; r < byReason.length; r++) {
                if (byReason[r] > 0) {
                    reasons.append(reasons.length() == 0 ? "" : ", ").append(r == byReason.length - 1 ? "other or "
                            + "none" : "CxlRejReason " + r + (r == 0 ? " (too late to cancel)" : r == 1
                            ? " (unknown order)" : "")).append(": ").append(byReason[r]);
                }
            }
            setup.note(String.format(java.util.Locale.ROOT, "%s: %,d OrderCancelRejects answered %,d cancels and "
                            + "replaces (%.2f%%, allowed up to cancelRejectPercent=%d%%)%s, over the warm-up and the "
                            + "runs%s; each timed as its request's answer", file.name(), cancelRejects,
                    cancelsAndReplaces, 100.0 * cancelRejects / cancelsAndReplaces, file.cancelRejectPercent(),
                    reasons.length() == 0 ? "" : ": " + reasons, sessions));
        }
        if (unsolicited > 0) {
            setup.note(file.name() + ": messages that answer no order (warm-up and runs), taken and counted, not "
                    + "answered: " + (clients.size() > 1 ? unsolicited + " on all sessions; on the first: " : "")
                    + clients.get(0).unsolicited());
        }
    }

    /**
     * A client of many sessions, each an {@link ExternalClient} of its own CompID and connection, all polled on the
     * caller's thread (idling once per round); noting at its close what they counted together.
     */
    private static final class ManySessions implements EngineClient {
        private final List<ExternalClient> clients;
        private final ExternalClient[] array;
        private final EngineSetup setup;
        private final EngineFile file;

        ManySessions(List<ExternalClient> clients, EngineSetup setup, EngineFile file) {
            this.clients = List.copyOf(clients);
            this.array = clients.toArray(ExternalClient[]::new);
            this.setup = setup;
            this.file = file;
        }

        @Override
        public void connect(java.net.InetSocketAddress server, org.fixbench.engine.ReportListener listener,
                            java.time.Duration timeout) throws Exception {
            for (int i = 0; i < array.length; i++) {
                array[i].connect(server, org.fixbench.engine.ReportListener.ofSession(listener, i), timeout);
            }
        }

        @Override
        public void send(long clOrdId) {
            array[0].send(clOrdId);
        }

        @Override
        public void send(int session, long clOrdId) {
            array[session].send(clOrdId);
        }

        @Override
        public boolean receivesOnCallerThread() {
            return true;
        }

        @Override
        public boolean poll() {
            int read = 0;
            for (ExternalClient c : array) {
                read += c.pollOnce() ? 1 : 0;
            }
            array[0].idle(read);
            return read > 0;
        }

        @Override
        public void close() {
            clients.forEach(ExternalClient::close);
            noteCounts(setup, file, clients);
        }
    }

    /** What the file's version command prints (its first lines), or why it printed nothing. */
    static String version(EngineFile file, Path home) {
        try {
            Process p = new ProcessBuilder("/bin/sh", "-c", file.versionCommand()).directory(home.toFile())
                    .redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readNBytes(4_096), java.nio.charset.StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "(its version command did not finish within 10 s)";
            }
            String lines = String.join(" ", text.strip().lines().limit(3).toList());
            return p.exitValue() == 0 && !lines.isEmpty() ? lines
                    : "(its version command exited with status " + p.exitValue() + ": " + lines + ")";
        } catch (java.io.IOException e) {
            return "(its version command could not run: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)";
        }
    }

    /** The client, noting at its close what it counted: later reports (fills), rejects. */
    private static final class NotingClient implements EngineClient {
        private final ExternalClient client;
        private final EngineSetup setup;
        private final EngineFile file;

        NotingClient(ExternalClient client, EngineSetup setup, EngineFile file) {
            this.client = client;
            this.setup = setup;
            this.file = file;
        }

        @Override
        public void connect(java.net.InetSocketAddress server, org.fixbench.engine.ReportListener listener,
                            java.time.Duration timeout) throws Exception {
            client.connect(server, listener, timeout);
        }

        @Override
        public void send(long clOrdId) {
            client.send(clOrdId);
        }

        @Override
        public boolean receivesOnCallerThread() {
            return true;
        }

        @Override
        public boolean poll() {
            return client.poll();
        }

        @Override
        public void close() {
            client.close();
            noteCounts(setup, file, List.of(client));
        }
    }
}
