package org.fixbench.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.mortbay.jetty.orchestrator.Cluster;
import org.mortbay.jetty.orchestrator.NodeArray;
import org.mortbay.jetty.orchestrator.NodeArrayFuture;
import org.mortbay.jetty.orchestrator.NodeJob;

/**
 * The network path between each client host and the server host, measured before a cluster's runs: a raw-TCP ping
 * from each client host to an echo on the server host, 8 bytes each way, one at a time, TCP_NODELAY, timed on the
 * client host's own clock (no clock is shared between hosts). The hosts are nodes the cluster orchestrator started;
 * they start together at one of its barriers.
 */
public final class ClusterPing {
    /** One client host's round trips to the server host. */
    public record HostPath(String host, int roundTrips, long p50Nanos, long p99Nanos, long maxNanos) {
    }

    /** The node's file its figures are written to (in its root folder, read back by the orchestrator). */
    static final String FILE = "fixbench-ping.txt";
    /** Round trips not counted, first: the connection's and the JIT's first ones. */
    static final int WARMUP_ROUND_TRIPS = 200;

    private ClusterPing() {
    }

    /**
     * Pings the server node {@code serverId} of {@code servers}, listening on {@code address:port} (its host's), from
     * every node of {@code clients}; each host's figures, by node id, in id order.
     */
    public static Map<String, HostPath> measure(Cluster cluster, NodeArray servers, String serverId, String address,
                                             int port, NodeArray clients, int roundTrips, Duration timeout)
            throws Exception {
        int count = clients.ids().size();
        String ready = "fixbench-ping-ready-" + System.nanoTime();
        long timeoutMillis = timeout.toMillis();
        NodeJob echo = tools -> echo(address, port, count, () -> tools.barrier(ready, count + 1)
                .await(timeoutMillis, TimeUnit.MILLISECONDS));
        NodeJob ping = tools -> {
            tools.barrier(ready, count + 1).await(timeoutMillis, TimeUnit.MILLISECONDS);
            ping(address, port, roundTrips, Path.of(FILE));
        };
        NodeArrayFuture server = servers.executeOn(serverId, echo);
        NodeArrayFuture pings = clients.executeOnAll(ping);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!pings.isAllDone()) {
            if (server.isAllDone()) {
                server.get(0, TimeUnit.MILLISECONDS); // the echo ended first: why (its port in use, ...)
            }
            if (System.nanoTime() - deadline > 0) {
                break;
            }
            Thread.sleep(10);
        }
        pings.get(Math.max(0, (deadline - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
        server.get(timeoutMillis, TimeUnit.MILLISECONDS);
        Map<String, HostPath> out = new LinkedHashMap<>();
        for (String id : clients.ids().stream().sorted().toList()) {
            String[] f = Files.readString(clients.rootPathOf(id).resolve(FILE)).trim().split(" ");
            out.put(id, new HostPath(clients.hostnameOf(id), Integer.parseInt(f[0]), Long.parseLong(f[1]),
                    Long.parseLong(f[2]), Long.parseLong(f[3])));
        }
        return out;
    }

    /** What a barrier's wait is, to the echo (its checked exceptions). */
    interface Wait {
        void await() throws Exception;
    }

    /** Listens, waits at the barrier, then echoes {@code count} connections, each until its client closes it. */
    static void echo(String address, int port, int count, Wait ready) throws Exception {
        try (ServerSocketChannel listening = ServerSocketChannel.open()) {
            listening.bind(new InetSocketAddress(address, port));
            ready.await();
            List<Thread> echoes = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                SocketChannel c = listening.accept();
                Thread t = new Thread(() -> echo(c), "fixbench-ping-echo");
                t.start();
                echoes.add(t);
            }
            for (Thread t : echoes) {
                t.join();
            }
        }
    }

    private static void echo(SocketChannel c) {
        ByteBuffer b = ByteBuffer.allocate(8);
        try (c) {
            c.setOption(StandardSocketOptions.TCP_NODELAY, true);
            while (true) {
                b.clear();
                while (b.hasRemaining()) {
                    if (c.read(b) < 0) {
                        return;
                    }
                }
                b.flip();
                while (b.hasRemaining()) {
                    c.write(b);
                }
            }
        } catch (IOException e) {
            // the client went: its side reports
        }
    }

    /** {@code roundTrips} timed round trips (after {@link #WARMUP_ROUND_TRIPS}); "count p50 p99 max" into {@code file}. */
    static void ping(String address, int port, int roundTrips, Path file) throws IOException {
        long[] nanos = new long[roundTrips];
        try (SocketChannel c = SocketChannel.open(new InetSocketAddress(address, port))) {
            c.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ByteBuffer b = ByteBuffer.allocate(8);
            for (int i = -WARMUP_ROUND_TRIPS; i < roundTrips; i++) {
                long start = System.nanoTime();
                b.clear();
                b.putLong(0, start);
                while (b.hasRemaining()) {
                    c.write(b);
                }
                b.clear();
                while (b.hasRemaining()) {
                    if (c.read(b) < 0) {
                        throw new IOException("the echo on " + address + ":" + port + " closed the connection");
                    }
                }
                if (i >= 0) {
                    nanos[i] = System.nanoTime() - start;
                }
            }
        }
        Arrays.sort(nanos);
        Files.writeString(file, roundTrips + " " + nanos[(roundTrips - 1) / 2] + " "
                + nanos[(int) Math.ceil(roundTrips * 0.99) - 1] + " " + nanos[roundTrips - 1] + "\n");
    }
}
