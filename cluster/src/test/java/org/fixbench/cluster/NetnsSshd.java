package org.fixbench.cluster;

import java.nio.file.Path;
import java.util.List;

import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.forward.AcceptAllForwardingFilter;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * An SSH server for a test's simulated host: started by the test inside a network namespace ({@code ip netns exec}),
 * listening on its address, with password login, commands run by the system, SFTP, and remote port forwarding (what
 * the cluster orchestrator needs). Its working folder is the host's disk: SFTP's root and where commands run (hosts
 * simulated on one machine must not share one, as real hosts do not). Runs until killed. Args: ADDRESS PORT PASSWORD
 * HOST_KEY_FILE.
 */
public final class NetnsSshd {
    private NetnsSshd() {
    }

    public static void main(String[] args) throws Exception {
        SshServer sshd = SshServer.setUpDefaultServer();
        sshd.setHost(args[0]);
        sshd.setPort(Integer.parseInt(args[1]));
        String password = args[2];
        sshd.setKeyPairProvider(new SimpleGeneratorHostKeyProvider(Path.of(args[3])));
        sshd.setPasswordAuthenticator((user, given, session) -> password.equals(given));
        // commands run by the system's shell in the host's folder, as an OpenSSH server runs them (the orchestrator
        // quotes its arguments)
        java.io.File folder = Path.of("").toAbsolutePath().toFile();
        sshd.setCommandFactory((channel, command) -> new ShellCommand(command, folder));
        sshd.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        sshd.setForwardingFilter(AcceptAllForwardingFilter.INSTANCE);
        // the host's own disk: what SFTP sees is this process's working folder, where its commands run too
        sshd.setFileSystemFactory(new VirtualFileSystemFactory(Path.of("").toAbsolutePath()));
        // replies leave at once, as OpenSSH's do: without it each file the orchestrator copies waited for the
        // client's delayed acknowledgement (the class path's 93 files: 5.3 s a host, 1.9 s with it; OpenSSH 1.3 s)
        CoreModuleProperties.TCP_NODELAY.set(sshd, true);
        sshd.start();
        System.out.println("listening " + args[0] + ":" + args[1]);
        Thread.currentThread().join();
    }
}
