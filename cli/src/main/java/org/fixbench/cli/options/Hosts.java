package org.fixbench.cli.options;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a command's processes meet: the options a comparison passes on to each client host, a server's
 * {@code HOST:PORT}, and the address a server binds to. Shared by compare, knee, check and serve.
 */
public final class Hosts {
    private Hosts() {
    }

    /** Options every client host's comparison takes as given: how each run goes (length, warm-up, waits, ...). */
    public static final java.util.Set<String> HOST_OPTIONS = java.util.Set.of("--duration", "--warmup", "--warmup-cap",
            "--warmup-rate", "--pause", "--wait", "--jitter", "--saturation-bound", "--sample-timeout",
            "--connect-timeout", "--workload", "--fail-on");
    /**
     * Flags every client host's comparison takes as given; {@code --allow-concurrent} among them: each host's
     * comparison takes its machine's measuring lock, so hosts simulated on one machine need it (and real hosts do not).
     */
    public static final java.util.Set<String> HOST_FLAGS = java.util.Set.of("--pin", "--no-pin", "--skip-first-run",
            "--allow-concurrent");

    public static List<String> hostArgs(List<String> original) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < original.size(); i++) {
            String a = original.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (HOST_FLAGS.contains(a)) {
                out.add(a);
            } else if (HOST_OPTIONS.contains(name)) {
                out.add(a);
                if (!a.contains("=") && i + 1 < original.size()) {
                    out.add(original.get(++i));
                }
            }
        }
        return out;
    }

    public static java.net.InetSocketAddress remote(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw new IllegalArgumentException("--server must be HOST:PORT (was '" + hostPort + "')");
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--server: port '" + hostPort.substring(colon + 1) + "' is not a number");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("--server: port must be 1-65535 (was " + port + ")");
        }
        try {
            return new java.net.InetSocketAddress(InetAddress.getByName(hostPort.substring(0, colon)), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--server: unknown host '" + hostPort.substring(0, colon) + "'");
        }
    }

    public static InetAddress bindAddress(String bind) {
        if (bind == null) {
            return InetAddress.getLoopbackAddress();
        }
        try {
            return InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown bind address '" + bind + "'");
        }
    }
}
