package org.fixbench.cli.cluster;

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
 */
public final class OrchestratorFolder {
    public static final String NAME = ".jco";

    private OrchestratorFolder() {
    }

    /** Removes each host's empty {@code ~/.jco}; returns the hosts where it could not be looked at (and why). */
    public static List<String> removeEmpty(ClusterFile file) {
        Set<String> hosts = new LinkedHashSet<>();
        hosts.add(file.server());
        hosts.addAll(file.clients());
        List<String> failed = new java.util.ArrayList<>();
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
                    if (sftp.statExistence(NAME) != null && sftp.ls(NAME).isEmpty()) {
                        sftp.rmdir(NAME);
                    }
                }
            } catch (Exception e) {
                failed.add(host + " (" + ClusterFaults.rootMessage(e) + ")");
            } finally {
                if (password != null) {
                    Arrays.fill(password, '\0');
                }
            }
        }
        return failed;
    }
}
