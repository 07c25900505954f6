package org.fixbench.cluster;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
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
 * next command from the same machine removes those ({@link #removeStale}); the cluster ids name the machine and the
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
     * Before a cluster starts: removes from each host's {@code ~/.jco} the cluster folders that earlier commands on
     * this machine left when they were killed (kill -9 leaves the class path's copy, about 55 MB a host). Returns one
     * line per host where something was removed or could not be looked at.
     */
    public static List<String> removeStale(ClusterFile file, String localHost) {
        List<String> said = new java.util.ArrayList<>();
        forEachHost(file, (host, ssh, sftp) -> {
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
        }, new java.util.ArrayList<>()); // a host that cannot be reached: the cluster's start names it in one line
        return said;
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

    /** Logs in to each host once, as the orchestrator does; a host that fails is added to {@code failed}. */
    private static void forEachHost(ClusterFile file, HostWork work, List<String> failed) {
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
                failed.add(host + " (" + ClusterFaults.rootMessage(e) + ")");
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
        List<String> failed = new java.util.ArrayList<>();
        forEachHost(file, (host, ssh, sftp) -> {
            try (net.schmizz.sshj.connection.channel.direct.Session session = ssh.startSession()) {
                net.schmizz.sshj.connection.channel.direct.Session.Command kill = session.exec(endCommand(clusterId));
                kill.join(10, java.util.concurrent.TimeUnit.SECONDS);
            }
            if (sftp.statExistence(NAME) != null && sftp.ls(NAME).isEmpty()) {
                sftp.rmdir(NAME);
            }
        }, failed);
        return failed;
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
