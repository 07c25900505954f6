package org.fixbench.cluster;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.mortbay.jetty.orchestrator.configuration.HostLauncher;
import org.mortbay.jetty.orchestrator.configuration.Jvm;
import org.mortbay.jetty.orchestrator.configuration.JvmDependent;
import org.mortbay.jetty.orchestrator.configuration.SshRemoteHostLauncher;
import org.mortbay.jetty.orchestrator.rpc.GlobalNodeId;

/**
 * The orchestrator's SSH launcher with password login, one per host: its own launcher hands its password array to
 * sshj, which blanks the array after the first login, so a second host's login would fail ("Exhausted available
 * authentication methods"). Each host's launcher here gets a copy of the password.
 */
public final class PasswordSshLauncher implements HostLauncher, JvmDependent {
    private final String user;
    private final char[] password;
    private final int port;
    private final Map<String, SshRemoteHostLauncher> byHost = new LinkedHashMap<>();
    private Jvm jvm;

    public PasswordSshLauncher(String user, char[] password, int port) {
        this.user = user;
        this.password = password.clone();
        this.port = port;
    }

    @Override
    public String launch(GlobalNodeId hostId, String connectString, String... extraArgs) throws Exception {
        SshRemoteHostLauncher launcher;
        synchronized (byHost) {
            launcher = byHost.computeIfAbsent(hostId.getHostname(),
                    h -> new SshRemoteHostLauncher(user, password.clone(), port).jvm(jvm));
        }
        return launcher.launch(hostId, connectString, extraArgs);
    }

    @Override
    public Jvm jvm() {
        return jvm;
    }

    @Override
    public PasswordSshLauncher jvm(Jvm jvm) {
        this.jvm = jvm;
        return this;
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        synchronized (byHost) {
            for (SshRemoteHostLauncher l : byHost.values()) {
                try {
                    l.close();
                } catch (Exception e) {
                    first = first == null ? e : first;
                }
            }
            byHost.clear();
        }
        Arrays.fill(password, '\0');
        if (first != null) {
            throw first;
        }
    }
}
