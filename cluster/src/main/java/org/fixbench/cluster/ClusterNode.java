package org.fixbench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.cli.run.FileGate;
import org.fixbench.cli.run.ForkedRun;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.machine.Environment;
import org.mortbay.jetty.orchestrator.ClusterTools;
import org.mortbay.jetty.orchestrator.NodeJob;

/**
 * What a cluster's nodes do, as jobs the orchestrator runs in them: each node is a JVM it started on a host, working
 * in a folder of its own there (removed when the cluster closes). A node learns the suite's configuration
 * ({@link #prepare}), describes its host, starts and stops the engine's server (a JVM of its own, as {@code compare}
 * starts one), and runs a client host's part of a comparison ({@link #compare}), passing its forked clients' gates
 * ({@link FileGate}) at the cluster's barriers. A node that ends (the cluster closed, or lost) stops its server.
 */
public final class ClusterNode {
    /** Files every node writes in its folder. */
    public static final String ENVIRONMENT = "environment.json";
    public static final String HOME = "fixbench-home";

    private static final Object LOCK = new Object();
    private static Process server;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ClusterNode::stopServer, "fixbench-node-stop-server"));
    }

    private ClusterNode() {
    }

    /**
     * The suite's fix-configs/ ({@code zip}, as {@link #zipConfigs} made it) unpacked into this node's folder, which
     * becomes its {@code fixbench.home}; its host described in {@link #ENVIRONMENT}. The JVMs it forks (the server,
     * the measuring clients) get its class path less the cluster module's own jars ({@code clusterJars}, by file
     * name: the orchestrator copies each jar of the class path under its name).
     */
    public static NodeJob prepare(byte[] zip, List<String> clusterJars) {
        return tools -> {
            System.setProperty(ForkedRun.FORK_CLASS_PATH, ClassPaths.without(System.getProperty("java.class.path"),
                    clusterJars));
            Path home = Path.of(HOME).toAbsolutePath();
            try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
                for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                    Path target = home.resolve(e.getName()).normalize();
                    if (!target.startsWith(home)) {
                        throw new IOException("an entry outside the folder: " + e.getName());
                    }
                    if (e.isDirectory()) {
                        Files.createDirectories(target);
                    } else {
                        Files.createDirectories(target.getParent());
                        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            System.setProperty("fixbench.home", home.toString());
            // what Java keeps under the user's home (the font cache the report's charts make) stays in this node's
            // folder, which the orchestrator removes: nothing is left on the host
            System.setProperty("user.home", Path.of("").toAbsolutePath().toString());
            java.util.Map<String, Object> env = new java.util.LinkedHashMap<>(Environment.capture());
            env.put("hostname", java.net.InetAddress.getLocalHost().getHostName());
            Path netns = Path.of("/proc/self/ns/net");
            if (Files.isSymbolicLink(netns)) { // which network the host is (simulated hosts differ only in this)
                env.put("networkNamespace", Files.readSymbolicLink(netns).toString());
            }
            Path bootId = Path.of("/proc/sys/kernel/random/boot_id");
            if (Files.isReadable(bootId)) { // which kernel: hosts that share one are one machine (SharedMachines)
                env.put("bootId", Files.readString(bootId).trim());
            }
            Files.writeString(Path.of(ENVIRONMENT), new ObjectMapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(env));
        };
    }

    /** fix-configs/ of {@code home} as a zip, to ship to the hosts (the orchestrator copies the class path only). */
    public static byte[] zipConfigs(Path home) throws IOException {
        Path root = home.resolve("fix-configs");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(bytes);
             java.util.stream.Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new ZipEntry("fix-configs/" + root.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    /**
     * Starts {@code serve ARGS} in a JVM of its own with the engine's JVM flags (as {@code compare} starts a server),
     * its output in {@code log}; returns once it listens (it wrote {@code portFile}).
     *
     * @throws IllegalStateException with the server's last lines when it exits before listening, or does not listen
     *                               within a minute
     */
    public static NodeJob startServer(String engine, List<String> serveArgs, String portFile, String log) {
        return tools -> {
            synchronized (LOCK) {
                stopServer();
                Path port = Path.of(portFile);
                Files.deleteIfExists(port);
                List<String> command = ForkedRun.javaCommand(ForkedRun.jvmFlags(EngineSpec.parse(engine)));
                command.addAll(serveArgs);
                Process p = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(Path.of(log).toFile())).start();
                server = p;
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
                while (!Files.exists(port) || Files.readString(port).isBlank()) {
                    if (!p.isAlive()) {
                        server = null;
                        throw new IllegalStateException("serve exited with status " + p.exitValue()
                                + " before listening: " + tail(Path.of(log)));
                    }
                    if (System.nanoTime() - deadline > 0) {
                        stopServer();
                        throw new IllegalStateException("serve did not listen within a minute: " + tail(Path.of(log)));
                    }
                    Thread.sleep(20);
                }
            }
        };
    }

    /** Stops the server this node started (SIGTERM, then SIGKILL after 5 s), if any. */
    public static NodeJob stopServerJob() {
        return tools -> stopServer();
    }

    /**
     * Stops every process this node started (its server, a forked client and whatever they started): SIGTERM, then
     * SIGKILL to what is left after 5 s.
     */
    public static NodeJob stopChildrenJob() {
        return tools -> {
            stopServer();
            List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
            children.forEach(ProcessHandle::destroy);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            for (ProcessHandle h : children) {
                long left = deadline - System.nanoTime();
                try {
                    h.onExit().get(Math.max(0, left), TimeUnit.NANOSECONDS);
                } catch (Exception e) {
                    h.destroyForcibly();
                }
            }
        };
    }

    private static void stopServer() {
        synchronized (LOCK) {
            Process p = server;
            server = null;
            ForkedRun.stop(p); // as a forked run's server is stopped
        }
    }

    /**
     * A client host's part of a comparison: {@code fixbench ARGS} in this node's JVM (its forked clients are JVMs of
     * their own), its output in {@code log} and its exit status in {@code status}; every gate its forked clients reach
     * in {@code gateFolder} passed at the cluster's barrier {@code barrierPrefix-<what starts>} of {@code parties}
     * client hosts.
     */
    public static NodeJob compare(List<String> args, String gateFolder, String barrierPrefix, int parties, String log,
                                  String status, long gateWaitNanos) {
        return tools -> {
            Path gates = Files.createDirectories(Path.of(gateFolder).toAbsolutePath());
            // the forked clients wait at a gate as long as this node does at its barrier: past the orchestrator's
            // bound, so that a stall is named there, not timed out here
            Files.writeString(gates.resolve(FileGate.WAIT_FILE), Long.toString(gateWaitNanos));
            Thread relay = new Thread(() -> relay(tools, gates, barrierPrefix, parties, gateWaitNanos),
                    "fixbench-node-gates");
            relay.setDaemon(true);
            relay.start();
            PrintStream was = System.out;
            PrintStream wasErr = System.err;
            try (PrintStream out = org.fixbench.harness.results.Secrets.masking(new PrintStream(
                    Files.newOutputStream(Path.of(log)), true, StandardCharsets.UTF_8))) {
                System.setOut(out);
                System.setErr(out);
                PrintWriter w = new PrintWriter(out, true);
                // the command line's entry point, named as forked processes name it (the commands are above this layer)
                int code = (Integer) Class.forName(ForkedRun.MAIN_CLASS).getMethod("execute", String[].class,
                        PrintWriter.class, PrintWriter.class).invoke(null, args.toArray(String[]::new), w, w);
                Files.writeString(Path.of(status), Integer.toString(code));
            } finally {
                System.setOut(was);
                System.setErr(wasErr);
                relay.interrupt();
            }
        };
    }

    /** Passes each gate (oldest first) once every client host reached it: a barrier named by what starts. */
    private static void relay(ClusterTools tools, Path gates, String prefix, int parties, long waitNanos) {
        Path waiting = waitingFile(gates);
        java.util.Set<String> done = new java.util.HashSet<>();
        java.util.Map<String, Integer> occurrences = new java.util.HashMap<>();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                // <pid>-<n>.ready: one forked client at a time, its gates in order of n
                TreeMap<Integer, Path> ready = new TreeMap<>();
                try (java.util.stream.Stream<Path> files = Files.list(gates)) {
                    for (Path f : files.filter(f -> f.getFileName().toString().endsWith(FileGate.READY)).toList()) {
                        String name = f.getFileName().toString();
                        if (!done.contains(name)) {
                            ready.put(Integer.parseInt(name.substring(name.indexOf('-') + 1,
                                    name.length() - FileGate.READY.length())), f);
                        }
                    }
                }
                for (Path f : ready.values()) {
                    String name = f.getFileName().toString();
                    String what = Files.readString(f).trim();
                    int n = occurrences.merge(what, 1, Integer::sum);
                    String barrier = prefix + "-" + what + "-" + n;
                    try {
                        // which barrier this host waits at, for the orchestrator's watch (BarrierWatch)
                        Files.writeString(waiting, barrier);
                        tools.barrier(barrier, parties).await(waitNanos / 1_000_000, TimeUnit.MILLISECONDS);
                    } catch (Exception e) {
                        if (e instanceof InterruptedException) {
                            return;
                        }
                        System.out.println("[cluster] the other client hosts did not reach " + what + ": " + e);
                    } finally {
                        Files.deleteIfExists(waiting);
                    }
                    String stem = name.substring(0, name.length() - FileGate.READY.length());
                    Files.writeString(gates.resolve(stem + FileGate.GO), what);
                    Files.deleteIfExists(f);
                    done.add(name);
                }
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            } catch (IOException e) {
                System.out.println("[cluster] gate folder " + gates + ": " + e.getMessage());
                return;
            }
        }
    }

    /**
     * The file in which a client host's node names the barrier it waits at ({@code <gate folder>.waiting}, beside the
     * folder; absent while it waits at none).
     */
    public static Path waitingFile(Path gates) {
        return gates.resolveSibling(waitingFileName(gates.getFileName().toString()));
    }

    /** The name of {@link #waitingFile} for the gate folder named {@code gates}. */
    public static String waitingFileName(String gates) {
        return gates + ".waiting";
    }

    /** Nothing: whether the node still answers. */
    public static NodeJob alive() {
        return tools -> {
        };
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
            List<String> last = new ArrayList<>(lines.subList(Math.max(0, lines.size() - 3), lines.size()));
            return last.isEmpty() ? "(no output)" : String.join(" | ", last);
        } catch (IOException e) {
            return "(its log could not be read)";
        }
    }
}
