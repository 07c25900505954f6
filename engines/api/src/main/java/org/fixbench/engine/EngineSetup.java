package org.fixbench.engine;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What an engine is given for one benchmark: its profile, a private work directory (file stores and logs go there,
 * never into the source tree), the address to bind, the server's timing hooks, a way to pin its threads, and a
 * place to note what it could not do (threads it cannot pin, probes it cannot provide).
 */
public final class EngineSetup {
    private final String profile;
    private final Path profileFile;
    private final Path workDirectory;
    private final InetAddress bindAddress;
    private final ServerHooks hooks;
    private final Consumer<String> pinner;
    private final int port;
    private final String serverCompId;
    private final String clientCompId;
    private final Set<String> pinnedRoles;
    private final List<String> notes;
    private String application = REPORT;
    private int sessions = 1;
    private int session;
    /** The first identity of this setup's sessions, among {@link #identities} (0: numbered among its own). */
    private int firstIdentity;
    private int identities;
    private OrderFlow flow = OrderFlow.fixed();

    /** The benchmark's server application: each NewOrderSingle answered with the workload's ExecutionReport. */
    public static final String REPORT = "report";
    /**
     * The conformance server application: each NewOrderSingle sent back as a NewOrderSingle with the same body
     * (a PossResend duplicate of a ClOrdID already seen is dropped), SecurityDefinition echoed, any other
     * application message answered with a BusinessMessageReject. Offered by the engines that list it in
     * {@link FixEngine#serverApplications()}.
     */
    public static final String ECHO = "echo";

    public EngineSetup(String profile, Path profileFile, Path workDirectory, InetAddress bindAddress,
                       ServerHooks hooks, Consumer<String> pinner) {
        this(profile, profileFile, workDirectory, bindAddress, 0, Workload.SERVER_COMP_ID, Workload.CLIENT_COMP_ID,
                hooks, pinner);
    }

    /**
     * @param port          the server's port; 0 for any free one
     * @param serverCompId  the server's SenderCompID (the client's TargetCompID)
     * @param clientCompId  the client's SenderCompID (the server's TargetCompID)
     */
    public EngineSetup(String profile, Path profileFile, Path workDirectory, InetAddress bindAddress, int port,
                       String serverCompId, String clientCompId, ServerHooks hooks, Consumer<String> pinner) {
        this(profile, profileFile, workDirectory, bindAddress, port, serverCompId, clientCompId, hooks, pinner,
                new HashSet<>(), new ArrayList<>());
    }

    private EngineSetup(String profile, Path profileFile, Path workDirectory, InetAddress bindAddress, int port,
                        String serverCompId, String clientCompId, ServerHooks hooks, Consumer<String> pinner,
                        Set<String> pinnedRoles, List<String> notes) {
        this.pinnedRoles = pinnedRoles;
        this.notes = notes;
        this.port = port;
        this.serverCompId = serverCompId;
        this.clientCompId = clientCompId;
        this.profile = profile;
        this.profileFile = profileFile;
        this.workDirectory = workDirectory;
        this.bindAddress = bindAddress;
        this.hooks = hooks;
        this.pinner = pinner;
    }

    /** The same setup (hooks, pinning, notes shared) with another profile: for two engines on one session. */
    public EngineSetup withProfile(String otherProfile, Path otherProfileFile) {
        return new EngineSetup(otherProfile, otherProfileFile, workDirectory, bindAddress, port, serverCompId,
                clientCompId, hooks, pinner);
    }

    /** The same setup with another server application ({@link #REPORT} or {@link #ECHO}). */
    public EngineSetup withApplication(String serverApplication) {
        EngineSetup copy = copy();
        copy.application = serverApplication;
        return copy;
    }

    /**
     * The same setup for {@code sessions} FIX sessions: a server accepts each of {@link #clientCompIds()}; a client
     * is session 0 until {@link #forSession} says otherwise.
     */
    public EngineSetup withSessions(int count) {
        Workload.clientCompId(clientCompId, 0, count); // checks the count
        EngineSetup copy = copy();
        copy.sessions = count;
        return copy;
    }

    /** The same setup sending {@code orders} ({@code --workload}); {@link OrderFlow#fixed()} unless set. */
    public EngineSetup withFlow(OrderFlow orders) {
        EngineSetup copy = copy();
        copy.flow = java.util.Objects.requireNonNull(orders);
        return copy;
    }

    /** What the client sends, order by order: the fixed order unless {@link #withFlow} said otherwise. */
    public OrderFlow flow() { return flow; }

    /**
     * The same setup whose sessions take the identities {@code first} ... {@code first + sessions - 1} of
     * {@code total} ({@link Workload#clientCompId}): a client that is one of several, on other hosts, against one
     * server accepting {@code total} sessions. By default a setup's sessions are identities 0 ... sessions - 1 of
     * sessions.
     */
    public EngineSetup withIdentities(int first, int total) {
        if (first < 0 || first + sessions > total) {
            throw new IllegalArgumentException("sessions " + (first + 1) + "-" + (first + sessions) + " of " + total
                    + ": not within 1-" + total);
        }
        Workload.clientCompId(clientCompId, first, total); // checks the total
        EngineSetup copy = copy();
        copy.firstIdentity = first;
        copy.identities = total;
        return copy;
    }

    /** The same setup for the client of session {@code index} (0-based): its own SenderCompID. */
    public EngineSetup forSession(int index) {
        Workload.clientCompId(clientCompId, index, sessions); // checks the index
        EngineSetup copy = copy();
        copy.session = index;
        return copy;
    }

    /**
     * The same setup (pinning and notes shared) bound to {@code address} and {@code newPort} (0: any free one): an
     * engine's server behind a terminator that takes the address it was given.
     */
    public EngineSetup withAddress(InetAddress address, int newPort) {
        return copy(address, newPort);
    }

    private EngineSetup copy() {
        return copy(bindAddress, port);
    }

    private EngineSetup copy(InetAddress address, int newPort) {
        EngineSetup copy = new EngineSetup(profile, profileFile, workDirectory, address, newPort, serverCompId,
                clientCompId, hooks, pinner, pinnedRoles, notes);
        copy.application = application;
        copy.sessions = sessions;
        copy.session = session;
        copy.flow = flow;
        copy.firstIdentity = firstIdentity;
        copy.identities = identities;
        return copy;
    }

    /** How many FIX sessions the benchmark opens against one server: 1 unless asked otherwise. */
    public int sessions() { return sessions; }

    /** Which session a client is (0-based); 0 for a server. */
    public int session() { return session; }

    /** Every client identity a server accepts, in session order ({@link Workload#clientCompId}). */
    public List<String> clientCompIds() {
        List<String> ids = new ArrayList<>(sessions);
        for (int i = 0; i < sessions; i++) {
            ids.add(Workload.clientCompId(clientCompId, firstIdentity + i, identityCount()));
        }
        return ids;
    }

    /** What the server does with application messages: {@link #REPORT} (the benchmark) unless set otherwise. */
    public String application() { return application; }
    public String profile() { return profile; }
    public Path profileFile() { return profileFile; }
    public Path workDirectory() { return workDirectory; }
    public InetAddress bindAddress() { return bindAddress; }
    public ServerHooks hooks() { return hooks; }
    public int port() { return port; }
    public String serverCompId() { return serverCompId; }
    /** This client's SenderCompID (its session's); for a server, the base of {@link #clientCompIds()}. */
    public String clientCompId() {
        return Workload.clientCompId(clientCompId, firstIdentity + session, identityCount());
    }

    /** The identity of this setup's first session among {@link #identityCount()} (0 unless {@link #withIdentities}). */
    public int firstIdentity() {
        return firstIdentity;
    }

    /** How many identities the sessions are numbered among: {@link #sessions()} unless {@link #withIdentities}. */
    public int identityCount() {
        return identities == 0 ? sessions : identities;
    }

    /** A listening channel on the bind address and the given port (0: any free one), for engines that accept themselves. */
    public java.nio.channels.ServerSocketChannel openAcceptor() throws java.io.IOException {
        return java.nio.channels.ServerSocketChannel.open().bind(new java.net.InetSocketAddress(bindAddress, port));
    }

    /** The server's listening address: the bind address and the given port, or a free one. */
    public java.net.InetSocketAddress serverAddress() throws java.io.IOException {
        if (port > 0) {
            return new java.net.InetSocketAddress(bindAddress, port);
        }
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, bindAddress)) {
            return new java.net.InetSocketAddress(bindAddress, probe.getLocalPort());
        }
    }

    /** Pins the calling thread for {@code role} the first time a role asks; later calls do nothing. */
    public void pinCurrentThread(String role) {
        synchronized (pinnedRoles) {
            if (!pinnedRoles.add(role)) {
                return;
            }
        }
        pinner.accept(role);
    }

    /** Records a limitation for the results, e.g. "MINA I/O threads cannot be pinned". */
    public synchronized void note(String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    public synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    /** The profile read as a properties file, for engines whose profiles are {@code .properties}. */
    public Properties profileProperties() {
        return FixConfigs.properties(profileFile);
    }
}
