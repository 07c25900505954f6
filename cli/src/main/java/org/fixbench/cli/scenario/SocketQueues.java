package org.fixbench.cli.scenario;

import static org.fixbench.cli.scenario.ProcessReadings.fields;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One loopback TCP socket's line of {@code /proc/net/tcp} (IPv4) or {@code tcp6}: its state and the bytes in its
 * send and receive queues.
 */
public record SocketQueues(int state, long sendQueueBytes, long receiveQueueBytes) {
    /** Whether sockets can be looked up here at all (a socket not found then means it is gone). */
    public static final boolean READABLE = Files.isReadable(Path.of("/proc/net/tcp"));

    /** TCP_CLOSE_WAIT: the peer closed its side. */
    public boolean closedByPeer() {
        return state == 0x08 || state == 0x07;
    }

    /** Whether a socket of this host listens on {@code port} (TCP_LISTEN), as the system says. */
    public static boolean listening(int port) {
        SocketQueues q = read(port, 0);
        return q != null && q.state == 0x0A;
    }

    /** The socket whose local port is {@code localPort} and remote port {@code remotePort}, or null. */
    public static SocketQueues read(int localPort, int remotePort) {
        for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                String text = new String(Files.readAllBytes(Path.of(file)),
                        java.nio.charset.StandardCharsets.ISO_8859_1);
                int from = 0;
                while (from < text.length()) {
                    int end = text.indexOf('\n', from);
                    end = end < 0 ? text.length() : end;
                    SocketQueues q = parse(text.substring(from, end), localPort, remotePort);
                    if (q != null) {
                        return q;
                    }
                    from = end + 1;
                }
            } catch (IOException | RuntimeException e) {
                // not readable here: the figures stay unknown
            }
        }
        return null;
    }

    /** {@code line} of {@code /proc/net/tcp} if it is the socket from {@code localPort} to {@code remotePort}. */
    public static SocketQueues parse(String line, int localPort, int remotePort) {
        String[] f = fields(line);
        if (f.length < 5 || !f[0].endsWith(":")) {
            return null;
        }
        if (port(f[1]) != localPort || port(f[2]) != remotePort) {
            return null;
        }
        int colon = f[4].indexOf(':');
        return new SocketQueues(Integer.parseInt(f[3], 16), Long.parseLong(f[4].substring(0, colon), 16),
                Long.parseLong(f[4].substring(colon + 1), 16));
    }

    private static int port(String address) {
        int colon = address.lastIndexOf(':');
        return colon < 0 ? -1 : Integer.parseInt(address.substring(colon + 1), 16);
    }
}
