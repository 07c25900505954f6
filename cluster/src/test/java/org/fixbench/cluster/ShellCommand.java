package org.fixbench.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;

/**
 * A command of the test's SSH server, run as an OpenSSH server runs it: {@code /bin/sh -c COMMAND} in the server's
 * working folder (the simulated host's disk), its output and error copied to the channel, its status the exit status.
 */
final class ShellCommand implements Command {
    private final String command;
    private final File folder;
    private InputStream in;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;
    private Process process;

    ShellCommand(String command, File folder) {
        this.command = command;
        this.folder = folder;
    }

    @Override
    public void setInputStream(InputStream in) {
        this.in = in;
    }

    @Override
    public void setOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
        this.err = err;
    }

    @Override
    public void setExitCallback(ExitCallback exit) {
        this.exit = exit;
    }

    @Override
    public void start(ChannelSession channel, Environment env) throws IOException {
        ProcessBuilder shell = new ProcessBuilder("/bin/sh", "-c", command).directory(folder);
        // the host's folder is its user's home, as an OpenSSH server's commands find it: a JVM takes user.home from
        // the password file, not from HOME, so every JVM started here is told (the orchestrator's host node starts
        // the node JVMs with a class path under user.home)
        shell.environment().put("HOME", folder.getPath());
        shell.environment().put("JAVA_TOOL_OPTIONS", "-Duser.home=" + folder.getPath());
        process = shell.start();
        Thread stdout = copy(process.getInputStream(), out, "stdout");
        Thread stderr = copy(process.getErrorStream(), err, "stderr");
        Thread waiter = new Thread(() -> {
            try {
                int status = process.waitFor();
                stdout.join();
                stderr.join();
                exit.onExit(status);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ssh-command-exit");
        waiter.setDaemon(true);
        waiter.start();
    }

    private static Thread copy(InputStream from, OutputStream to, String name) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = from.read(buffer)) >= 0; ) {
                    to.write(buffer, 0, n);
                    to.flush();
                }
            } catch (IOException ignored) {
                // the channel or the process closed
            }
        }, "ssh-command-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void destroy(ChannelSession channel) {
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
