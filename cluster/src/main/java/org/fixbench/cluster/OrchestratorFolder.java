package org.fixbench.cluster;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.sftp.SFTPClient;
import net.schmizz.sshj.transport.verification.PromiscuousVerifier;

/**
 * The folder the cluster orchestrator (1.1.6) makes under the login's home on every host, {@code ~/.jco}: when it
 * closes, it removes its own cluster's folder in it ({@code ~/.jco/<cluster id>}) and leaves the folder itself. Once
 * the cluster closed, this logs in to each host once more, as the orchestrator does (its user, the default keys or the
 * password, any host key) and removes {@code ~/.jco} when it is empty: another cluster of the same login still
 * running keeps it. A host that cannot be reached keeps it, and the line says so.
 *
 * <p>A command killed with SIGKILL closes nothing: each host keeps its cluster's folder (the class path's copy). The
 * next command from the same machine removes those ({@link #beforeStart}); the cluster ids name the machine and the
 * process, so that a folder of a command still running, or of another machine's, is never touched.
 */
public final class OrchestratorFolder {
    public static final String NAME = ".jco";

    private OrchestratorFolder() {
    }

    /**
     * This machine's cluster ids: {@code fixbench-<this host>-<pid>-<epoch ms>}, so that a later command here can
     * tell a folder its killed predecessor left ({@link #isStale}).
     */
    public static String clusterId(String localHost, long pid, long epochMillis) {
        return "fixbench-" + localHost.replaceAll("[^A-Za-z0-9.]", "_") + "-" + pid + "-" + epochMillis;
    }

    /**
     * Whether {@code name} (an entry of {@code ~/.jco}) is a cluster folder an earlier command on this machine left:
     * its id names this host, and its process is gone (no process with that pid, or one started after the folder's
     * cluster was). Folders of other machines' commands, and of commands still running here, are never stale.
     */
    public static boolean isStale(String name, String localHost, java.util.function.LongFunction<
            java.util.Optional<java.time.Instant>> startOfPid) {
        String prefix = "fixbench-" + localHost.replaceAll("[^A-Za-z0-9.]", "_") + "-";
        if (!name.startsWith(prefix)) {
            return false;
        }
        String[] rest = name.substring(prefix.length()).split("-");
        if (rest.length != 2 || !rest[0].matches("\\d{1,10}") || !rest[1].matches("\\d{1,19}")) {
            return false;
        }
        long pid = Long.parseLong(rest[0]);
        long millis = Long.parseLong(rest[1]);
        java.util.Optional<java.time.Instant> started = startOfPid.apply(pid);
        return started.isEmpty() || started.get().toEpochMilli() > millis;
    }

    /**
     * Before a cluster starts, one login to each host: removes from its {@code ~/.jco} the cluster folders earlier
     * commands on this machine left when they were killed (kill -9 leaves the class path's copy, about 40 MB a host),
     * returning a line per host where something was removed; runs the cluster file's {@code java} there, and on the
     * server host looks at the FIX port, adding a line to {@code hostFaults} where java does not run or is older than
     * 17, or the port is in use; and puts a host it cannot reach or log in to in {@code unreached}, with why. The
     * caller ends the command on any of these before the class path is copied (until 2026-12-02 each was named after
     * the copy, 4-24 s later).
     */
    public static List<String> beforeStart(ClusterFile file, String localHost, List<String> hostFaults,
                                           Map<String, Exception> unreached) {
        List<String> said = new java.util.ArrayList<>();
        forEachHost(file, (host, ssh, sftp) -> {
            String java = javaFault(ssh, file.java());
            if (java != null) {
                hostFaults.add((host.equals(file.server()) ? "server host " : "client host ") + host + ": " + java);
            }
            if (host.equals(file.server()) && accepts(ssh, host, file.port())) {
                hostFaults.add("server host " + host + ": port " + file.port() + " is in use there (something "
                        + "accepts connections on it)");
            }
            if (sftp.statExistence(NAME) == null) {
                return;
            }
            List<String> removed = new java.util.ArrayList<>();
            for (net.schmizz.sshj.sftp.RemoteResourceInfo e : sftp.ls(NAME)) {
                if (e.isDirectory() && isStale(e.getName(), localHost, pid -> ProcessHandle.of(pid)
                        .flatMap(h -> h.info().startInstant()))) {
                    deltree(sftp, NAME + "/" + e.getName());
                    removed.add(e.getName());
                }
            }
            if (!removed.isEmpty()) {
                said.add(host + ": removed ~/" + NAME + "/" + String.join(", ~/" + NAME + "/", removed)
                        + " (left by a command on this machine that was killed)");
            }
        }, unreached); // a host that cannot be reached or refuses the login: the caller names it in one line
        return said;
    }

    /**
     * Whether something on the host accepts TCP connections at {@code address:port}, asked through the login's own
     * port forwarding (until 2026-12-02 a port in use was found after the cluster started, 17-22 s later). False
     * when nothing does, and when the host's SSH server does not forward: the ping before the runs finds it then.
     */
    static boolean accepts(SSHClient ssh, String address, int port) {
        try (net.schmizz.sshj.connection.channel.direct.DirectConnection c = ssh.newDirectConnection(address, port)) {
            return c.isOpen();
        } catch (Exception refusedOrNotForwarded) {
            return false;
        }
    }

    /** Why {@code java -version} does not run on the host, or says a Java older than 17; null when it does. */
    static String javaFault(SSHClient ssh, String javaCommand) throws java.io.IOException {
        String quoted = "'" + javaCommand.replace("'", "'\\''") + "'";
        try (net.schmizz.sshj.connection.channel.direct.Session session = ssh.startSession()) {
            net.schmizz.sshj.connection.channel.direct.Session.Command run = session.exec(quoted + " -version 2>&1");
            String said = new String(run.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            run.join(30, java.util.concurrent.TimeUnit.SECONDS);
            Integer status = run.getExitStatus();
            return javaFault(javaCommand, status == null ? -1 : status, said);
        }
    }

    /** What {@link #javaFault(SSHClient, String)} says of {@code java -version}'s exit status and output. Pure. */
    static String javaFault(String javaCommand, int status, String said) {
        String first = said.lines().map(String::strip).filter(l -> !l.isEmpty()
                && !l.startsWith("Picked up")).findFirst().orElse("(no output)");
        if (status != 0) {
            return "java=" + javaCommand + " does not run there (exit status " + status + "): " + first;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?").matcher(said);
        if (m.find()) {
            int major = Integer.parseInt(m.group(1));
            if (major == 1 && m.group(2) != null) {
                major = Integer.parseInt(m.group(2));
            }
            if (major < 17) {
                return "java=" + javaCommand + " is Java " + major + " there; the suite needs 17 or later: " + first;
            }
        }
        return null;
    }

    private static void deltree(SFTPClient sftp, String path) throws java.io.IOException {
        for (net.schmizz.sshj.sftp.RemoteResourceInfo e : sftp.ls(path)) {
            if (e.isDirectory()) {
                deltree(sftp, e.getPath());
            } else {
                sftp.rm(e.getPath());
            }
        }
        sftp.rmdir(path);
    }

    private interface HostWork {
        void on(String host, SSHClient ssh, SFTPClient sftp) throws Exception;
    }

    /** Logs in to each host once, as the orchestrator does; a host that fails is put in {@code failed}, with why. */
    private static void forEachHost(ClusterFile file, HostWork work, Map<String, Exception> failed) {
        Set<String> hosts = new LinkedHashSet<>();
        hosts.add(file.server());
        hosts.addAll(file.clients());
        for (String host : hosts) {
            char[] password = file.password();
            try (SSHClient ssh = new SSHClient()) {
                ssh.addHostKeyVerifier(new PromiscuousVerifier());
                ssh.setConnectTimeout(10_000);
                ssh.connect(host, file.sshPort());
                if (password == null) {
                    ssh.authPublickey(file.user());
                } else {
                    ssh.authPassword(file.user(), password);
                }
                try (SFTPClient sftp = ssh.newSFTPClient()) {
                    work.on(host, ssh, sftp);
                }
            } catch (Exception e) {
                failed.put(host, e);
            } finally {
                if (password != null) {
                    Arrays.fill(password, '\0');
                }
            }
        }
    }

    /**
     * Once the cluster {@code clusterId} closed: ends each host's orchestrator JVM of that cluster that is still
     * running, then removes the host's empty {@code ~/.jco}. Returns the hosts that could not be looked at (and why).
     *
     * <p>The orchestrator's close stops the JVMs a host's own JVM spawned, but tells that JVM nothing: it lives on
     * until it misses its health checks, and then takes as long again to exit (24.8 s in all after each command on
     * OpenSSH hosts, measured 2026-12-02). It is ended here by its command line, which names the cluster's id (its
     * machine, pid and start: no other command's JVM has it), with {@code pkill}; a host without pkill keeps it until
     * it exits on its own, as before.
     */
    public static List<String> afterClose(ClusterFile file, String clusterId) {
        Map<String, Exception> failed = new java.util.LinkedHashMap<>();
        forEachHost(file, (host, ssh, sftp) -> {
            try (net.schmizz.sshj.connection.channel.direct.Session session = ssh.startSession()) {
                net.schmizz.sshj.connection.channel.direct.Session.Command kill = session.exec(endCommand(clusterId));
                kill.join(10, java.util.concurrent.TimeUnit.SECONDS);
            }
            if (sftp.statExistence(NAME) != null && sftp.ls(NAME).isEmpty()) {
                sftp.rmdir(NAME);
            }
        }, failed);
        List<String> said = new java.util.ArrayList<>();
        failed.forEach((host, e) -> said.add(host + " (" + ClusterFaults.rootMessage(e) + ")"));
        return said;
    }

    /**
     * The shell command that ends the JVMs of cluster {@code clusterId} on a host: its orchestrator JVMs' command lines
     * name the main class, then the node's id, which begins with the cluster's. The bracket keeps the pattern from
     * matching the shell that runs it.
     */
    static String endCommand(String clusterId) {
        if (!clusterId.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("not a cluster id: " + clusterId);
        }
        return "pkill -KILL -f 'rpc[.]NodeProces[s] " + clusterId.replace(".", "[.]") + "/' || true";
    }
}
