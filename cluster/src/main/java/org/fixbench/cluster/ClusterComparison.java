package org.fixbench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.fixbench.cli.flow.AcrossHosts;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.ComparisonPlan;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.Executor;
import org.fixbench.cli.run.RoundWalk;
import org.fixbench.cli.run.RunOrder;
import org.fixbench.cli.run.Sweep;
import org.fixbench.cli.run.SweepOutcome;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.mortbay.jetty.orchestrator.Cluster;
import org.mortbay.jetty.orchestrator.NodeArray;
import org.mortbay.jetty.orchestrator.NodeArrayFuture;
import org.mortbay.jetty.orchestrator.configuration.HostLauncher;
import org.mortbay.jetty.orchestrator.configuration.Jvm;
import org.mortbay.jetty.orchestrator.configuration.Node;
import org.mortbay.jetty.orchestrator.configuration.SimpleClusterConfiguration;
import org.mortbay.jetty.orchestrator.configuration.SimpleNodeArrayConfiguration;
import org.mortbay.jetty.orchestrator.configuration.SshRemoteHostLauncher;

/**
 * A comparison across hosts ({@code compare --cluster}): the engine's server alone on the server host, one client
 * JVM at a time on each client host, placed and started by Jetty's cluster orchestrator over SSH.
 *
 * <p>Round by round, in the order an interleaved comparison on one machine takes ({@link RunOrder}, raw TCP beside
 * every engine as its floor), each engine gets a fresh server JVM on the server host and, on every client host, a
 * comparison of that one engine ({@code compare --server}) at the host's share of each rate and of the sessions, its
 * sessions numbered apart from the other hosts' (one server accepts them all). Every host keeps its own drift-free,
 * coordinated-omission-corrected schedule on its own clock; their warm-ups and measured runs start together at the
 * cluster's barriers ({@link org.fixbench.cli.run.FileGate}). What each host measured comes back under
 * {@code hosts/<host>/}; a benchmark's run is the lossless sum of the hosts' ({@link RunResult#sumOf}), and each
 * host's own distribution is kept beside it ({@link ResultLabels#HOSTS}).
 *
 * <p>Before the runs, each client host pings the server host over raw TCP ({@link ClusterPing}). A fault (a host that
 * cannot be reached or logged into, no {@code java} there, a port in use, a host that stops answering) ends the
 * comparison with one line naming the host; what was measured before is kept; the cluster is closed, which stops
 * every JVM it started and removes its folders on every host.
 */
public final class ClusterComparison implements AcrossHosts.Rounds, Executor {
    /** Round trips of the ping from each client host to the server host. */
    public static final int PING_ROUND_TRIPS = 2_000;
    static final String SERVER = "server";
    static final String CLIENTS = "clients";

    private final ClusterFile file;
    private final BenchmarkSession session;
    private final RunOptions options;
    private List<Contender> engines;
    private List<Long> rates;
    private int rounds;
    private long seed;
    private final int sessions;
    /** Turns run so far (each engine's turn in a round is one): numbers each turn's folders on the hosts. */
    private int turns;
    private final List<String> hostArgs;
    private final PrintStream out;
    private final List<String> ids = new ArrayList<>();
    private final Map<String, String> hostOf = new LinkedHashMap<>();
    /** The comparison's walk (for {@link #resultsSoFar}) and the configurations it merges under. */
    private volatile RoundWalk walking;
    private volatile List<HarnessConfig> walkConfigs;
    private List<HarnessConfig> configs;
    /** This comparison's plan: its configurations and the order of its turns (made anew at each {@link #run}). */
    private ComparisonPlan plan;
    /** Waits on each turn's client hosts (made when the cluster started). */
    private TurnWatch turnWatch;
    /** This comparison's results from the client hosts' (made anew at each {@link #run}). */
    private HostsMerge hostsMerge;
    private String stopReason;
    /** Why each engine left out ended early (the comparison went on without it). */
    private List<String> leftOut = List.of();
    private volatile Cluster cluster;
    /** The running cluster's id, which its JVMs' command lines name on every host. */
    private volatile String clusterId;

    /**
     * @param sessions total sessions (a multiple of the client hosts)
     * @param hostArgs options every client host's comparison takes as given (run length, warm-up, wait, ...)
     */
    public ClusterComparison(ClusterFile file, BenchmarkSession session, RunOptions options, int sessions,
                             List<String> hostArgs) {
        this.file = file;
        this.session = session;
        this.options = options;
        this.sessions = sessions;
        this.hostArgs = hostArgs;
        this.out = session.out;
        for (int i = 0; i < file.clients().size(); i++) {
            ids.add("c" + (i + 1));
            hostOf.put("c" + (i + 1), file.clients().get(i));
        }
        check(file, List.of(), sessions);
    }

    /** Client host {@code k}'s share of {@code rate}: an equal part, the remainder one each to the first hosts. */
    public static long share(long rate, int hosts, int k) {
        return rate / hosts + (k < rate % hosts ? 1 : 0);
    }

    /**
     * Whether the sessions split evenly between the client hosts, and every host has a share of every rate, each
     * rate's its own (before anything runs).
     */
    public static void check(ClusterFile file, List<Long> rates, int sessions) {
        int hosts = file.clients().size();
        if (sessions % hosts != 0) {
            throw new IllegalArgumentException("--cluster: " + sessions + " sessions cannot be split evenly between "
                    + hosts + " client hosts");
        }
        for (int k = 0; k < hosts; k++) {
            java.util.Set<Long> shares = new java.util.HashSet<>();
            for (long rate : rates) {
                if (share(rate, hosts, k) < 1) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "--cluster: %,d/s is less than one "
                            + "order a second for each of the %d client hosts", rate, hosts));
                }
                if (!shares.add(share(rate, hosts, k))) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "--cluster: %,d/s and another rate "
                            + "give client host %s the same share: choose rates further apart", rate,
                            file.clients().get(k)));
                }
            }
        }
    }

    /** What was measured so far, merged (for a comparison stopped by a signal, from another thread). */
    @Override
    public List<BenchmarkResult> resultsSoFar() {
        RoundWalk walk = walking;
        return walk == null ? new ArrayList<>() : walk.mergedSoFar(walkConfigs);
    }

    /** Closes the cluster (stops every JVM it started, removes its folders): for a signal. */
    @Override
    public synchronized void close() {
        Cluster c = cluster;
        cluster = null;
        if (c != null) {
            // what the nodes started (a forked client still at a gate, a server) is stopped before the nodes are:
            // a node busy with a job otherwise outlives the cluster until it misses its health checks (30 s)
            Map<String, NodeArrayFuture> probes = new LinkedHashMap<>();
            for (String array : List.of(CLIENTS, SERVER)) {
                NodeArray nodes = c.nodeArray(array);
                nodes.ids().forEach(id -> probes.put(array + "/" + id, nodes.executeOn(id, ClusterNode.alive())));
            }
            long probed = System.nanoTime() + probeBoundNanos();
            for (String array : List.of(CLIENTS, SERVER)) {
                NodeArray nodes = c.nodeArray(array);
                for (String id : nodes.ids()) {
                    if (!answered(probes.get(array + "/" + id), probed)) {
                        nodeLost = true;
                        out.println("[cluster] " + nodes.hostnameOf(id) + " no longer answers: what its node "
                                + "started ends with it");
                        continue;
                    }
                    try {
                        nodes.executeOn(id, ClusterNode.stopChildrenJob()).get(20, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        out.println("[cluster] " + nodes.hostnameOf(id) + "'s processes were not all stopped "
                                + "before the cluster closed: " + ClusterFaults.rootMessage(e));
                    }
                }
            }
            closeOrchestrator(c);
            // the orchestrator leaves each host's own JVM running until it misses its health checks, and its (now
            // empty) folder under the login's home on every host
            List<String> kept = OrchestratorFolder.afterClose(file, clusterId);
            if (!kept.isEmpty()) {
                out.println("[cluster] ~/" + OrchestratorFolder.NAME + " could not be looked at on "
                        + String.join(", ", kept));
            }
        }
    }

    /**
     * Whether a node was found not answering: the orchestrator's health checks run one host after another on one
     * timer, each waiting up to 10 s for a node, so while one host's dead node is checked the other hosts' nodes miss
     * their checks and end (seen: every node ended within 11 s of one host's death, NetnsClusterTest, 2026-12-02).
     */
    private volatile boolean nodeLost;

    /** How long a probe of a node waits: the health checks' timeout; once a node was lost, a live node's time. */
    private long probeBoundNanos() {
        return TimeUnit.MILLISECONDS.toNanos(nodeLost ? PROBE_AFTER_A_LOSS_MILLIS : HEALTH_CHECK_TIMEOUT_MILLIS);
    }

    /**
     * How long a probe waits once a node was lost: a live node answers within milliseconds; one that does not is
     * taken for ended (its own health checks end it, and its shutdown stops what it started). Until 2026-12-02 each
     * probe after a loss waited the whole 10 s (twice a comparison).
     */
    static final long PROBE_AFTER_A_LOSS_MILLIS = 2_000;

    /**
     * Closes the orchestrator's side of the cluster. Once a node was lost, its close asks every host's nodes to end,
     * each call bounded by 10 s, one after another (16.6 s after a client host's death, 2026-12-02): it is then waited
     * on as long as a probe, and goes on in the background (closing its connections and its ZooKeeper server) while
     * the comparison ends.
     */
    private void closeOrchestrator(Cluster c) {
        if (!nodeLost) {
            c.close();
            return;
        }
        Thread closing = new Thread(c::close, "fixbench-cluster-close");
        closing.setDaemon(true);
        closing.start();
        try {
            closing.join(PROBE_AFTER_A_LOSS_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Runs {@code engines} at {@code rates} for {@code rounds} rounds across the hosts (the cluster started at the
     * first call, kept until {@link #close}); its results join the session's.
     */
    @Override
    public SweepOutcome run(List<Contender> engines, List<Long> rates, int rounds, long seed) throws IOException {
        check(file, rates, sessions);
        this.engines = engines;
        this.rates = rates;
        this.rounds = rounds;
        this.seed = seed;
        this.stopReason = null;
        plan = ComparisonPlan.interleaved(options, engines, rates, rounds, seed, Sweep.DEFAULT_RUN_NANOS,
                Sweep.DEFAULT_WARMUP_NANOS);
        configs = plan.configs();
        hostsMerge = new HostsMerge(file.clients(), session.folder.resolve("hosts"), rates, configs, out);
        List<BenchmarkResult> recorded = new ArrayList<>();
        if (cluster == null) {
            open();
        }
        try {
            runRounds(recorded);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause(); // a turn's folders could not be written here
        }
        return new SweepOutcome(recorded, stopReason, leftOut);
    }

    private void open() throws IOException {
        long started = System.nanoTime();
        out.println("Starting the cluster: server host " + file.server() + ", client hosts "
                + String.join(", ", file.clients()) + " (the class path is copied to each) ...");
        try {
            cluster = start();
            turnWatch = new TurnWatch(cluster.nodeArray(CLIENTS), hostOf, out, () -> nodeLost = true);
        } catch (HostFault e) {
            throw new IllegalArgumentException(e.getMessage());
        } catch (Exception e) {
            throw new IllegalArgumentException(ClusterFaults.describe(e, file, startErrors.toString()));
        }
        try {
            double startSeconds = (System.nanoTime() - started) / 1e9;
            out.printf(Locale.ROOT, "The cluster started in %.1f s.%n", startSeconds);
            ClusterDescription described = ClusterDescription.of(cluster, file, hostOf, sessions, hostArgs,
                    startSeconds, out);
            machines = described.machines();
            session.environment.put(ResultLabels.CLUSTER, described.recorded());
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private final StringBuilder startErrors = new StringBuilder();

    /** A host that cannot run the cluster, found before it starts: its message is the one line. */
    private static final class HostFault extends Exception {
        HostFault(String line) {
            super(line);
        }
    }

    /**
     * How often the orchestrator checks each host's node, and how long a host's JVM goes on without a check before it
     * exits. An OpenSSH server does not end a command when its channel closes, so after the comparison each host's
     * JVM lives until this timeout: the orchestrator's default, 30 s (checks every 5 s), left JVMs on every host for
     * half a minute after each command (seen: 28.1 s, OpenSshClusterTest, 2026-12-02). Now ten missed checks; a
     * host's JVM may still take longer to exit than this (seen: 20 s with a timeout of 6 s, in its own shutdown).
     */
    static final long HEALTH_CHECK_EVERY_MILLIS = 1_000;
    static final long HEALTH_CHECK_TIMEOUT_MILLIS = 10_000;

    private Cluster start() throws Exception {
        List<String> flags = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // a home set for this JVM is this machine's: a node finds its folder under its login's own home
            if (!arg.startsWith("-agentlib:jdwp") && !arg.startsWith("-javaagent") && !arg.startsWith("-Dfixbench.")
                    && !arg.startsWith("-Duser.home=")) {
                flags.add(arg);
            }
        }
        String java = file.java();
        char[] password = file.password();
        HostLauncher launcher = password != null ? new PasswordSshLauncher(file.user(), password, file.sshPort())
                : new SshRemoteHostLauncher(file.user(), null, file.sshPort());
        SimpleNodeArrayConfiguration clients = new SimpleNodeArrayConfiguration(CLIENTS);
        ids.forEach(id -> clients.node(new Node(id, hostOf.get(id))));
        SimpleClusterConfiguration cfg = new SimpleClusterConfiguration()
                .healthCheckDelay(HEALTH_CHECK_EVERY_MILLIS).healthCheckTimeout(HEALTH_CHECK_TIMEOUT_MILLIS)
                .jvm(new Jvm((fs, h) -> java, flags.toArray(String[]::new)))
                .hostLauncher(launcher)
                .nodeArray(new SimpleNodeArrayConfiguration(SERVER).node(new Node(SERVER, file.server())))
                .nodeArray(clients);
        // what a host's shell says (no java there, ...) reaches this process's error stream: kept for the one line
        PrintStream err = System.err;
        PrintStream tee = new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                err.write(b);
                synchronized (startErrors) {
                    if (startErrors.length() < 4_096) {
                        startErrors.append((char) b);
                    }
                }
            }
        }, true);
        String classPath = System.getProperty("java.class.path");
        // the orchestrator's ZooKeeper server warns of a setting it does not need at every start
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.zookeeper", "error");
        System.setErr(tee);
        // under java -jar the class path is the one jar, whose manifest names the rest: the orchestrator copies the
        // class path's entries, so it is told them all while the hosts start, less what only this JVM loads
        System.setProperty("java.class.path", ClassPaths.forHosts(ClassPaths.expanded(classPath)));
        // what the nodes fork to measure leaves the cluster module's own jars out
        List<String> ownNames = ClassPaths.ownJars().stream().map(j -> Path.of(j).getFileName().toString())
                .toList();
        try {
            String localHost = org.fixbench.harness.machine.Machine.hostName();
            List<String> hostFaults = new ArrayList<>();
            Map<String, Exception> unreached = new LinkedHashMap<>();
            for (String line : OrchestratorFolder.beforeStart(file, localHost, hostFaults, unreached)) {
                out.println("[cluster] " + line);
            }
            if (!unreached.isEmpty()) {
                // the first, named now, as the orchestrator's start would name it after copying to the other hosts
                // (until 2026-12-02: an unreachable host 13 s after the command began, a refused login 3 s)
                Map.Entry<String, Exception> u = unreached.entrySet().iterator().next();
                throw new HostFault(ClusterFaults.describe(new Exception("host " + u.getKey(), u.getValue()), file,
                        ""));
            }
            if (!hostFaults.isEmpty()) {
                throw new HostFault("--cluster: " + String.join("; ", hostFaults));
            }
            clusterId = OrchestratorFolder.clusterId(localHost, ProcessHandle.current().pid(),
                    System.currentTimeMillis());
            Cluster c = new Cluster(clusterId, cfg);
            byte[] home = ClusterNode.zipConfigs(org.fixbench.engine.FixConfigs.root().getParent());
            // every host at once (until 2026-12-02 the server host's first, then the client hosts')
            NodeArrayFuture serverReady = c.nodeArray(SERVER).executeOnAll(ClusterNode.prepare(home, ownNames));
            NodeArrayFuture clientsReady = c.nodeArray(CLIENTS).executeOnAll(ClusterNode.prepare(home, ownNames));
            serverReady.get(2, TimeUnit.MINUTES);
            clientsReady.get(2, TimeUnit.MINUTES);
            return c;
        } finally {
            System.setProperty("java.class.path", classPath);
            System.setErr(err);
        }
    }

    /** Which CPUs each host's JVMs take where hosts share a machine (after the cluster started). */
    private SharedMachines.Plan machines = new SharedMachines.Plan(-1, Map.of(), null);

    private void runRounds(List<BenchmarkResult> recorded) {
        int floor = plan.floor();
        RoundWalk walk = RoundWalk.of(plan);
        walkConfigs = configs;
        walking = walk;
        stopReason = walk.run(plan, this, out, RoundWalk.TurnListener.NONE);
        leftOut = walk.leftOut();
        session.environment.put("runSequence", walk.sequence());
        session.environment.put("runOrderSeed", seed);
        for (RoundWalk.Merged m : walk.merged(configs, floor, floor < 0 ? null : engines.get(floor).label())) {
            BenchmarkResult merged = m.result();
            merged.labels().put(ResultLabels.HOSTS, hostsMerge.hostRows(m.benchmark()));
            session.results.add(merged);
            recorded.add(merged);
        }
    }

    /**
     * One engine's turn across the hosts ({@link #runSlot}); a host's fault, or a host's comparison that ended early,
     * stops the comparison with its one line.
     */
    @Override
    public Executor.Turn turn(ComparisonPlan plan, int round, int engine) {
        String failure = null;
        Map<Long, BenchmarkResult> perRate = new LinkedHashMap<>();
        try {
            perRate = runSlot(round, engines.get(engine));
        } catch (SlotFailure f) {
            failure = f.getMessage();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (failure == null) {
            failure = perRate.values().stream().filter(BenchmarkResult::aborted)
                    .map(BenchmarkResult::abortReason).findFirst().orElse(null);
        }
        return new Executor.Turn(List.copyOf(perRate.values()), failure);
    }

    /** A turn is called by its engine alone: every host runs each of the comparison's rates at its share. */
    @Override
    public String turnLabel(ComparisonPlan plan, int engine) {
        return plan.engines().get(engine).label();
    }

    @Override
    public String where() {
        return " on " + ids.size() + " client hosts";
    }

    /**
     * One engine's turn in a round: its server started on the server host, every client host's comparison of it run
     * together, their folders brought back; per rate (the comparison's, not a host's share), the hosts' runs as one.
     */
    private Map<Long, BenchmarkResult> runSlot(int round, Contender c) throws SlotFailure, IOException {
        String tag = String.format(Locale.ROOT, "%03d-round-%d-%s", ++turns, round,
                org.fixbench.harness.results.ResultsWriter.safeName(c.label()));
        String label = c.server().label();
        NodeArray servers = cluster.nodeArray(SERVER);
        NodeArray clients = cluster.nodeArray(CLIENTS);
        List<String> serve = new ArrayList<>(List.of("serve", "--engine", label, "--bind", file.server(), "--port",
                Integer.toString(file.port()), "--port-file", tag + ".port", "--sessions", Integer.toString(sessions),
                "--workload", options.workloadSpec()));
        if (!file.serverCpus().isEmpty()) {
            serve.addAll(List.of("--pin-cpu", Integer.toString(file.serverCpus().get(0))));
        } else if (machines.serverCpu() >= 0) {
            serve.addAll(List.of("--pin-cpu", Integer.toString(machines.serverCpu())));
        }
        try {
            try {
                servers.executeOn(SERVER, ClusterNode.startServer(label, serve, tag + ".port", tag + "-server.log"))
                        .get(2, TimeUnit.MINUTES);
            } catch (Exception e) {
                throw new SlotFailure("server host " + file.server() + ": " + c.label() + ": "
                        + ClusterFaults.rootMessage(e));
            }
            int hosts = ids.size();
            int perHostSessions = sessions / hosts;
            Map<String, NodeArrayFuture> running = new LinkedHashMap<>();
            String barrier = "fixbench-" + tag;
            BarrierWatch watch = new BarrierWatch(barrierBoundNanos(), file.barrierMarginNanos());
            for (int k = 0; k < hosts; k++) {
                String id = ids.get(k);
                List<String> args = new ArrayList<>(List.of("compare", "--engines", c.client().label(), "--server",
                        file.server() + ":" + file.port(), "--rates", shares(k), "--runs", "1",
                        "--seed", Long.toString(seed), "--sessions", Integer.toString(perHostSessions),
                        "--identities", (k * perHostSessions) + "/" + sessions, "--gate-dir", tag + "-gates",
                        "--out", tag));
                if (!file.clientCpus().isEmpty()) {
                    args.add("--cpus");
                    args.add(String.join(",", file.clientCpus().stream().map(String::valueOf).toList()));
                }
                args.addAll(machines.argsOf(hostOf.get(id)));
                args.addAll(hostArgs);
                running.put(id, clients.executeOn(id, ClusterNode.compare(args, tag + "-gates", barrier, hosts,
                        tag + ".log", tag + ".status", watch.boundNanos() + GATE_WAIT_BEYOND_BOUND_NANOS)));
            }
            String failure = turnWatch.await(running, c, tag, watch);
            bringBack(tag, c);
            if (failure != null) {
                throw new SlotFailure(failure);
            }
            return hostsMerge.turn(tag, c, engines.indexOf(c));
        } finally {
            try {
                if (!answered(servers.executeOn(SERVER, ClusterNode.alive()), System.nanoTime()
                        + probeBoundNanos())) {
                    nodeLost = true;
                    // its node ended (a host lost past its health checks ends every node that missed them): so did
                    // its server, by the node's shutdown hook; until 2026-12-02 this waited the 30 s below
                    throw new java.util.concurrent.TimeoutException("its node no longer answers");
                }
                servers.executeOn(SERVER, ClusterNode.stopServerJob()).get(30, TimeUnit.SECONDS);
                copy(servers.rootPathOf(SERVER).resolve(tag + "-server.log"),
                        hostFolder(file.server()).resolve(tag + "-server.log"));
            } catch (Exception e) {
                out.println("[cluster] the server host " + file.server() + " did not stop its server: "
                        + ClusterFaults.rootMessage(e));
            }
        }
    }

    /**
     * Whether a node answered {@code probe} (an {@link ClusterNode#alive} call) by {@code deadlineNanos}, at most the
     * health checks' timeout away, past which the orchestrator holds a node dead too: a call to a node that ended is
     * never answered, and each wait on one took its whole bound (30 s, then 10 s) after a host was lost
     * (NetnsClusterTest, 2026-12-02).
     */
    private static boolean answered(NodeArrayFuture probe, long deadlineNanos) {
        try {
            probe.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            return true;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return false;
        }
    }

    /** Client host {@code k}'s share of each rate, as {@code --rates} takes them. */
    private String shares(int k) {
        return String.join(",", rates.stream().map(r -> Long.toString(share(r, ids.size(), k))).toList());
    }

    /** How much longer than the barrier watch's bound a host's node and its forked clients wait at a gate. */
    static final long GATE_WAIT_BEYOND_BOUND_NANOS = 60_000_000_000L;

    /** The longest a client host may wait at a barrier in this comparison: the longest turn's bound. */
    private long barrierBoundNanos() {
        long bound = 0;
        for (HarnessConfig config : configs) {
            bound = Math.max(bound, BarrierWatch.boundNanos(Sweep.plannedNanos(config),
                    config.warmupUntilJitQuiet() ? config.warmupCapNanos() : 0, file.barrierMarginNanos()));
        }
        return bound;
    }

    private Path hostFolder(String host) throws IOException {
        return HostsMerge.hostFolder(session.folder.resolve("hosts"), host);
    }

    /** Each client host's folder, log and status for this slot, into hosts/<host>/ (what a host has, as it is). */
    private void bringBack(String tag, Contender c) {
        NodeArray clients = cluster.nodeArray(CLIENTS);
        for (String id : ids) {
            try {
                Path root = clients.rootPathOf(id);
                Path to = hostFolder(hostOf.get(id));
                for (String f : List.of(tag + ".log", tag + ".status")) {
                    copy(root.resolve(f), to.resolve(f));
                }
                Path folder = root.resolve(tag);
                if (Files.isDirectory(folder)) {
                    try (Stream<Path> files = Files.walk(folder)) {
                        for (Path f : files.filter(Files::isRegularFile).toList()) {
                            copy(f, to.resolve(tag).resolve(folder.relativize(f).toString()));
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                out.println("[cluster] " + c.label() + ": what client host " + hostOf.get(id)
                        + " measured could not be brought back: " + ClusterFaults.rootMessage(e));
            }
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        if (!Files.exists(from)) {
            return;
        }
        Files.createDirectories(to.getParent());
        org.fixbench.harness.results.AtomicFiles.copy(from, to, true); // a host's secrets are this process's too
    }

}
