package org.fixbench.cli.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.fixbench.cli.results.JvmPauses;
import org.fixbench.engine.Directories;
import org.fixbench.engine.ProbeRing;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;

/**
 * One benchmark run in processes of its own: the engine's server in one JVM (through {@code serve}, as a user would
 * start it) and the harness with the engine's client in another ({@code fork-client}); this process only starts
 * them, hands the client its configuration as a file and reads its results back as a file. The two share this
 * host's monotonic clock through a {@link ProbeRing}, so the legs are measured as in one process. With a remote
 * server (a user's {@code serve} elsewhere) only the client is forked and the legs are not measured.
 *
 * <p>Whatever happens (a server that never listens, a client that dies or never reports, a run that overruns), the
 * benchmark ends with the reason, keeps what the client reported, and no process or temporary file is left.
 */
public final class ForkedRun {
    /** The main class of a forked process: {@code FixbenchCli}, named here (the commands are above this layer). */
    public static final String MAIN_CLASS = "org.fixbench.cli.FixbenchCli";
    /** The line a forked {@code serve} prints for each pinning outcome, read back by this class. */
    public static final String PIN_LINE = "[serve] pinning: ";

    /** What the forked client needs: the configuration, its CPUs, its engine, the server and the ring. */
    /** {@code profileKind}, {@code profileFile}: profile the measured runs into this file (null: not profiled). */
    public record Request(HarnessConfig.Portable config, int[] cpus, String clientSpec, String host, int port,
                   String probeRing, long connectTimeoutNanos, String workDirectory, long serverPid,
                   String profileKind, String profileFile, String serverProfileFile, int sessions,
                          String workload, ClientScenario.Plan scenario, int firstIdentity,
                          int identities, String gateDirectory)
            implements Serializable {
    }

    /** What the forked client measured. */
    public record Reply(long warmupIterations, List<RunResult> runs, List<PinOutcome> pinning, String abortReason,
                 long warmupLateReplies, long straySamples, List<String> engineNotes, boolean warmupEndedCompiling,
                 ArrayList<Map<String, Object>> scenarioRuns, ArrayList<String> serverSpinningThreads)
            implements Serializable {
        /** A run that measured nothing: why. */
        public static Reply nothing(String reason, List<String> engineNotes) {
            return new Reply(0, new ArrayList<>(), new ArrayList<>(), reason, 0, 0, new ArrayList<>(engineNotes),
                    false, null, null);
        }
    }


    private static final long SERVER_STOP_MILLIS = 5_000;
    /** How long a server may take to exit of itself after its client ended the run early (serve looks every 200 ms). */
    private static final long SERVER_EXIT_GRACE_MILLIS = 2_000;

    private final PrintStream out;
    private final InetAddress bindAddress;
    private final Duration connectTimeout;
    private String lastServerCommand;
    private String lastClientCommand;
    private Executor.Profiles profiles = Executor.Profiles.NONE;
    private Path jvmLogFolder;
    private int sessions = 1;
    private int firstIdentity;
    private int identities;
    private Path gate;
    private String workload = "fixed";
    private ClientScenario.Plan scenario;

    public ForkedRun(PrintStream out, InetAddress bindAddress, Duration connectTimeout) {
        this.out = out;
        this.bindAddress = bindAddress;
        this.connectTimeout = connectTimeout;
    }

    /**
     * Keeps each forked JVM's pause log ({@link JvmPauses#LOG_FLAG}) in {@code folder}/jvm-logs/ (null: summarised,
     * then discarded).
     */
    public ForkedRun jvmLogs(Path folder) {
        this.jvmLogFolder = folder;
        return this;
    }

    /** Each run opens this many FIX sessions (the server is told to accept them). */
    public ForkedRun sessions(int count) {
        this.sessions = count;
        return this;
    }

    /**
     * The client's sessions take identities {@code first} ... of {@code total} (0: numbered among its own): one of
     * several client hosts against one server.
     */
    public ForkedRun identities(int first, int total) {
        this.firstIdentity = first;
        this.identities = total;
        return this;
    }

    /**
     * The client waits at each run's start for a go in {@code folder} ({@link FileGate}); null: it does not wait.
     */
    public ForkedRun gate(Path folder) {
        this.gate = folder;
        return this;
    }

    /** What each session sends: a {@code --workload} value (a file by its absolute path). */
    public ForkedRun workload(String spec) {
        this.workload = spec;
        return this;
    }

    /**
     * The next run's scenario (null: none): its plan goes to the forked client, which opens the scenario's side of
     * it ({@link ClientScenario}); for a plan that {@linkplain ClientScenario.Plan#restartsServer restarts the
     * server}, this starts the same server again at once, on the same port, once the client killed it.
     */
    public ForkedRun scenario(ClientScenario.Plan plan) {
        this.scenario = plan;
        return this;
    }

    private boolean restartsServer() {
        return scenario != null && scenario.restartsServer();
    }

    /** Profiles the measured runs in each forked client (see {@link Profiler}). */
    ForkedRun profiles(Executor.Profiles profiles) {
        this.profiles = profiles;
        return this;
    }

    public String lastServerCommand() {
        return lastServerCommand;
    }

    public String lastClientCommand() {
        return lastClientCommand;
    }

    /**
     * The system property a JVM that runs more than the suite (a cluster's node, which also holds the orchestrator)
     * sets to the class path of what it forks: the suite's alone. Unset, a forked JVM gets this JVM's class path.
     */
    public static final String FORK_CLASS_PATH = "fixbench.fork.classpath";

    /**
     * The java command this JVM was started with (same java, same flags, same class path, or the one
     * {@link #FORK_CLASS_PATH} names) for {@code main}.
     */
    public static List<String> javaCommand(List<String> extraFlags) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!arg.startsWith("-agentlib:jdwp") && !arg.startsWith("-javaagent")
                    && !arg.startsWith("-Dfixbench.home=")) {
                command.add(arg);
            }
        }
        if (System.getProperty("fixbench.home") != null) {
            command.add("-Dfixbench.home=" + System.getProperty("fixbench.home")); // as this process sees it now
        }
        // the home as this process sees it now: a cluster's node moves it into its own folder, which the orchestrator
        // removes, so that what a JVM keeps under its home (JNA's native library, for pinning) is not left on the host
        command.add("-Duser.home=" + System.getProperty("user.home"));
        command.addAll(extraFlags);
        command.add("-cp");
        command.add(System.getProperty(FORK_CLASS_PATH, System.getProperty("java.class.path")));
        command.add(MAIN_CLASS);
        return command;
    }

    /**
     * Runs one benchmark of {@code contender} with {@code config}; {@code remote} is a server a user started
     * elsewhere, or null to fork one here.
     */
    public BenchmarkResult run(Contender contender, HarnessConfig config, Map<String, Object> labels,
                        InetSocketAddress remote) {
        Path profileFile = null;
        Path serverProfileFile = null;
        Path work = null;
        Path ring = null;
        Process server = null;
        Process client = null;
        String abortReason = null;
        Reply reply = null;
        List<PinOutcome> serverPins = new ArrayList<>();
        Map<String, List<JvmPauses.Pause>> pauseLogs = new LinkedHashMap<>();
        List<Process> children = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Path> made = new java.util.concurrent.CopyOnWriteArrayList<>();
        Map<String, Object> allLabelsOut = new java.util.concurrent.ConcurrentHashMap<>();
        List<String> serveCommand = new ArrayList<>();
        Thread killer = new Thread(() -> {
            // Ctrl-C or SIGTERM on this process takes its children with it: asked to stop first (their own hooks
            // close their engines and remove their folders), killed if they do not; then this run's work folder and
            // ring go, and any folder a killed child left
            children.forEach(ForkedRun::stop);
            made.forEach(Directories::deleteRecursively);
            Directories.reapOrphans();
        }, "fixbench-fork-cleanup");
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            work = Directories.createWork("fork");
            made.add(work);
            int[] cpus = cpuOrder(config);
            int serverCpu = config.pinning() && cpus.length > 1 ? cpus[1] : -1;
            int[] clientCpus = clientCpus(cpus, serverCpu);
            InetSocketAddress address = remote;
            if (remote == null) {
                ring = ringFile(work);
                made.add(ring);
                ProbeRing.createFile(ring);
                serveCommand.addAll(serveCommand(contender, work, ring, serverCpu));
                lastServerCommand = String.join(" ", serveCommand);
                server = new ProcessBuilder(serveCommand).redirectErrorStream(true)
                        .redirectOutput(work.resolve("server.log").toFile()).start();
                children.add(server);
            }
            // the client JVM starts while the server's does; it reads the server's port from the port file
            // (port 0 in the request) once the server listens
            profileFile = profiles.kind() == null ? null : profiles.file(config.name(), "client");
            serverProfileFile = profiles.kind() == null || server == null ? null
                    : profiles.file(config.name(), "server");
            Path request = work.resolve("request.bin");
            Path result = work.resolve("result.bin");
            write(request, new Request(config.portable(), clientCpus, contender.client().label(),
                    address == null ? bindAddress.getHostAddress() : address.getAddress().getHostAddress(),
                    address == null ? 0 : address.getPort(), ring == null ? null : ring.toString(),
                    connectTimeout.toNanos(), work.toString(), server == null ? -1 : server.pid(),
                    profiles.kind(), profileFile == null ? null : profileFile.toString(),
                    serverProfileFile == null ? null : serverProfileFile.toString(), sessions, workload,
                    scenario, firstIdentity, identities,
                    gate == null ? null : gate.toString()));
            List<String> fork = javaCommand(withTlsFolder(ForkLogs.withPauseLog(jvmFlags(contender.client()), work,
                    "client"), work));
            fork.addAll(List.of("fork-client", "--request", request.toString(), "--result", result.toString()));
            lastClientCommand = String.join(" ", fork);
            client = new ProcessBuilder(fork).redirectErrorStream(true).start();
            children.add(client);
            java.util.concurrent.atomic.AtomicReference<Process> restarted = new java.util.concurrent.atomic.AtomicReference<>();
            if (server != null) {
                int port = awaitPort(server, work); // a server that dies before listening ends the run here
                if (restartsServer()) {
                    KilledServer.restartAfterKill(serveCommand, server, work, port, restarted, children,
                            allLabelsOut, out);
                }
            }
            Thread copier = copy(client, out);
            long limitMillis = 60_000 + 2 * (Sweep.plannedNanos(config) / 1_000_000)
                    + 2 * connectTimeout.toMillis()
                    + (config.warmupUntilJitQuiet() ? 2 * config.warmupCapNanos() / 1_000_000 : 0);
            if (!client.waitFor(limitMillis, TimeUnit.MILLISECONDS)) {
                abortReason = "the forked client did not finish within " + limitMillis / 1000 + " s: stopped";
            }
            copier.join(2_000);
            if (Files.exists(result)) {
                try {
                    reply = read(result);
                } catch (IOException | ClassNotFoundException e) {
                    abortReason = "the forked client's results could not be read (" + describe(e) + "; "
                            + freeSpace(work) + ")";
                }
            } else if (abortReason == null) {
                abortReason = "the forked client exited with status " + client.exitValue() + " without results";
            }
            Process serving = restarted.get() != null ? restarted.get() : server;
            if (serving != null && reply != null && reply.abortReason() != null && !restartsServer()) {
                // the client ended early: if the server is exiting too (an acceptor that died, a thread of it),
                // its own reason is the cause, not only the connection the client saw close
                serving.waitFor(SERVER_EXIT_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            }
            if (serving != null && !serving.isAlive() && abortReason == null
                    && (reply == null || reply.abortReason() == null)) {
                abortReason = "the forked server exited during the run (status " + serving.exitValue() + "): "
                        + tail(work.resolve("server.log"));
            } else if (serving != null && !serving.isAlive() && abortReason == null && !restartsServer()) {
                abortReason = reply.abortReason() + "; the forked server exited (status " + serving.exitValue()
                        + "): " + tail(work.resolve("server.log"));
            }
        } catch (IOException | RuntimeException e) {
            abortReason = "forked run failed: " + describe(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abortReason = "interrupted";
        } finally {
            stop(client);
            children.forEach(ForkedRun::stop); // the server, and a restarted one
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
            if (work != null) {
                serverPins.addAll(serverPins(work.resolve("server.log")));
                for (String role : List.of("server", "client")) {
                    pauseLogs.put(role, new ForkLogs(jvmLogFolder, out).keepPauseLog(work, role, config.name()));
                }
                new ForkLogs(jvmLogFolder, out).keepServerLog(work, config.name());
                Directories.deleteRecursively(work);
            }
            if (ring != null) {
                try {
                    Files.deleteIfExists(ring);
                } catch (IOException ignored) {
                    // a tmpfs file; the machine's cleanup takes it
                }
            }
        }
        return result(config, labels, allLabelsOut, reply, abortReason, serverPins, pauseLogs, profileFile,
                serverProfileFile);
    }

    /**
     * The forked server's command: this JVM's java and flags with the server profile's own, {@code serve} of the
     * contender's server on a port of its choosing (written to {@code work/port}), answering with reports and writing
     * its two moments per order into {@code ring}; pinned to {@code serverCpu} when one is given (-1: none); for a
     * scenario that restarts it, with a work folder that outlives it.
     */
    private List<String> serveCommand(Contender contender, Path work, Path ring, int serverCpu) {
        List<String> serve = javaCommand(withTlsFolder(ForkLogs.withPauseLog(jvmFlags(contender.server()), work,
                "server"), work));
        serve.addAll(List.of("serve", "--engine", contender.server().label(), "--port", "0",
                "--port-file", work.resolve("port").toString(), "--bind", bindAddress.getHostAddress(),
                "--app", "report", "--probe-ring", ring.toString(), "--sessions",
                Integer.toString(sessions), "--workload", workload));
        if (serverCpu >= 0) {
            serve.addAll(List.of("--pin-cpu", Integer.toString(serverCpu)));
        }
        if (restartsServer()) { // the server started again goes on from the files the first left
            serve.addAll(List.of("--work-dir", work.resolve("server").toString()));
        }
        return serve;
    }

    /**
     * The benchmark's result from what the forked client replied (null: nothing came back) and what this process saw:
     * the labels given and those the run added, the client's runs, pinning, notes and warm-up; the server's pinning;
     * each run's JVM pauses from both JVMs' logs; the profiles written. The first reason to end early wins: this
     * process's, else the client's.
     */
    private BenchmarkResult result(HarnessConfig config, Map<String, Object> labels, Map<String, Object> addedLabels,
                                   Reply reply, String abortReason, List<PinOutcome> serverPins,
                                   Map<String, List<JvmPauses.Pause>> pauseLogs, Path profileFile,
                                   Path serverProfileFile) {
        Map<String, Object> allLabels = new LinkedHashMap<>(labels);
        allLabels.putAll(addedLabels);
        List<PinOutcome> pins = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        long warmup = 0;
        long late = 0;
        long stray = 0;
        boolean compiling = false;
        if (reply != null) {
            runs.addAll(reply.runs());
            pins.addAll(reply.pinning());
            allLabels.put(org.fixbench.cli.results.ResultLabels.ENGINE_NOTES, new ArrayList<>(reply.engineNotes()));
            if (reply.serverSpinningThreads() != null) {
                allLabels.put(org.fixbench.cli.results.ResultLabels.SERVER_SPINNING_THREADS,
                        new ArrayList<>(reply.serverSpinningThreads()));
            }
            if (reply.scenarioRuns() != null) {
                allLabels.put(org.fixbench.cli.results.ScenarioKeys.SCENARIO_RUNS, reply.scenarioRuns());
            }
            warmup = reply.warmupIterations();
            late = reply.warmupLateReplies();
            stray = reply.straySamples();
            compiling = reply.warmupEndedCompiling();
            if (abortReason == null) {
                abortReason = reply.abortReason();
            }
        }
        pins.addAll(serverPins);
        List<Map<String, Object>> pauses = ForkLogs.pausesPerRun(runs, pauseLogs);
        if (!pauses.isEmpty()) {
            allLabels.put(JvmPauses.LABEL, pauses);
        }
        if (profiles.kind() != null) {
            profiles.written(allLabels, profileFile != null && Files.exists(profileFile) ? profileFile : null);
            if (serverProfileFile != null && Files.exists(serverProfileFile)) {
                profiles.written(allLabels, serverProfileFile);
            }
        }
        return new BenchmarkResult(config.name(), config, allLabels, warmup, runs, pins, abortReason, late, stray,
                compiling);
    }

    /**
     * The JVM flags an engine's profile asks for its own processes ({@code jvmFlags=...}, separated by spaces), added
     * after this JVM's own; none when the profile has no such key.
     */
    public static List<String> jvmFlags(org.fixbench.engine.EngineSpec spec) {
        String flags = org.fixbench.engine.FixConfigs.properties(spec.profileFile()).getProperty("jvmFlags", "").trim();
        if (flags.isEmpty()) {
            return List.of();
        }
        List<String> list = List.of(flags.split("\\s+"));
        for (String flag : list) {
            if (!flag.startsWith("-")) {
                throw new IllegalArgumentException(spec.profileFile() + ": jvmFlags holds '" + flag + "', which is "
                        + "not a JVM flag (each starts with -)");
            }
        }
        return list;
    }

    /** CPUs in the order they are handed out: the configured list, or this machine's, highest first. */
    public static int[] cpuOrder(HarnessConfig config) {
        int[] configured = config.cpus();
        if (configured.length > 0) {
            return configured;
        }
        int n = Runtime.getRuntime().availableProcessors();
        int[] cpus = new int[n];
        for (int i = 0; i < n; i++) {
            cpus[i] = n - 1 - i;
        }
        return cpus;
    }

    /** The client process's CPUs: all but the server's, the harness's first. */
    public static int[] clientCpus(int[] cpus, int serverCpu) {
        return java.util.Arrays.stream(cpus).filter(c -> c != serverCpu).toArray();
    }

    /**
     * {@code flags}, and the folder where the server and the client of a TLS run find the run's certificates
     * ({@link org.fixbench.engine.TlsMaterial}): in the run's work folder, removed with it.
     */
    private static List<String> withTlsFolder(List<String> flags, Path work) {
        List<String> all = new ArrayList<>(flags);
        all.add("-D" + org.fixbench.engine.TlsMaterial.FOLDER_PROPERTY + "=" + work.resolve("tls"));
        return all;
    }

    private static Path ringFile(Path work) throws IOException {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            return shm.resolve(Directories.workName("ring")); // a file, named as work folders are: reaped alike
        }
        return work.resolve("probe.ring");
    }

    private int awaitPort(Process server, Path work) throws IOException, InterruptedException {
        Path portFile = work.resolve("port");
        long deadline = System.nanoTime() + Math.max(connectTimeout.toNanos(), 30_000_000_000L);
        while (System.nanoTime() < deadline) {
            if (Files.exists(portFile)) {
                return Integer.parseInt(Files.readString(portFile).trim());
            }
            if (!server.isAlive()) {
                throw new IOException("the forked server exited with status " + server.exitValue()
                        + " before listening: " + tail(work.resolve("server.log")));
            }
            Thread.sleep(10);
        }
        throw new IOException("the forked server did not listen within the time allowed: "
                + tail(work.resolve("server.log")));
    }

    private static Thread copy(Process process, PrintStream out) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    out.println(line);
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        }, "fixbench-fork-output");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Asks a process to stop (SIGTERM: serve's shutdown hook closes the engine), then forces it. */
    public static void stop(Process p) {
        if (p == null || !p.isAlive()) {
            return;
        }
        // what it started (an external engine's acceptor, in a process group of its own) goes too, whatever it does
        List<ProcessHandle> started = p.descendants().toList();
        p.destroy();
        p.onExit().thenRun(() -> started.stream().filter(ProcessHandle::isAlive)
                .forEach(ProcessHandle::destroyForcibly));
        try {
            if (!p.waitFor(SERVER_STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(SERVER_STOP_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static List<PinOutcome> serverPins(Path log) {
        List<PinOutcome> pins = new ArrayList<>();
        try {
            if (!Files.exists(log)) {
                return pins;
            }
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                int at = line.indexOf(ForkedRun.PIN_LINE);
                if (at >= 0) {
                    String what = line.substring(at + ForkedRun.PIN_LINE.length());
                    int cpu = -1;
                    int k = what.indexOf("pinned to CPU ");
                    if (k >= 0) {
                        cpu = Integer.parseInt(what.substring(k + 14).trim());
                    }
                    pins.add(new PinOutcome("server process", what.substring(0, Math.max(0, what.indexOf(':'))),
                            cpu, cpu >= 0, "forked server: " + what));
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // pinning outcomes are notes; a log that cannot be read leaves them out
        }
        return pins;
    }

    /** An exception in a few words: its message, or its kind where it has none (an EOFException has none). */
    static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** How much room the file system of {@code folder} had left, as read now. */
    static String freeSpace(Path folder) {
        try {
            return String.format(java.util.Locale.ROOT, "%,d bytes free in %s's file system",
                    Files.getFileStore(folder).getUsableSpace(), folder);
        } catch (IOException | RuntimeException e) {
            return "the room left in " + folder + " could not be read";
        }
    }

    /**
     * Why a forked process ended, from its log, in one line: the command line's own one-line error ("fixbench: ..."),
     * else the exception a stack trace names (the line before its first "at"), else its last lines.
     */
    static String tail(Path log) {
        try {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
            for (String line : lines) {
                if (line.startsWith("fixbench: ")) {
                    return line.substring("fixbench: ".length());
                }
            }
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (!lines.get(i).startsWith("\t") && lines.get(i + 1).startsWith("\tat ")) {
                    return lines.get(i).replaceFirst("^Exception in thread \"[^\"]*\" ", "");
                }
            }
            return lines.isEmpty() ? "(no output)"
                    : String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(its log could not be read)";
        }
    }

    public static void write(Path file, Serializable value) throws IOException {
        try (ObjectOutputStream o = new ObjectOutputStream(Files.newOutputStream(file))) {
            o.writeObject(value);
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> T read(Path file) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(file))) {
            return (T) in.readObject();
        }
    }
}
