package org.fixbench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.fixbench.cli.run.Contender;
import org.mortbay.jetty.orchestrator.NodeArray;
import org.mortbay.jetty.orchestrator.NodeArrayFuture;

/**
 * Waits for a turn's client hosts: until every host's comparison ended, one failed, one stopped answering, or one
 * never reached a barrier the others passed ({@link BarrierWatch}); the first of these in one line naming the host.
 * One per cluster: a watch file that cannot be read is said once.
 */
final class TurnWatch {
    private final NodeArray clients;
    private final Map<String, String> hostOf;
    private final PrintStream out;
    private final Runnable onNodeLost;

    /**
     * @param hostOf each client node's id to its host
     * @param onNodeLost called when a node no longer answers (later probes then wait less)
     */
    TurnWatch(NodeArray clients, Map<String, String> hostOf, PrintStream out, Runnable onNodeLost) {
        this.clients = clients;
        this.hostOf = hostOf;
        this.out = out;
        this.onNodeLost = onNodeLost;
    }

    /**
     * Waits for every client host's comparison; checks each still answers every 5 s. The first host that failed or
     * stopped answering, in one line; null when all ended.
     */
    String await(Map<String, NodeArrayFuture> running, Contender c, String tag, BarrierWatch watch) {
        while (true) {
            String stuck = stuckAtBarrier(running, c, tag, watch);
            if (stuck != null) {
                running.values().forEach(o -> o.cancel(true));
                return stuck;
            }
            boolean all = true;
            for (Map.Entry<String, NodeArrayFuture> r : running.entrySet()) {
                String host = hostOf.get(r.getKey());
                NodeArrayFuture f = r.getValue();
                try {
                    f.get(0, TimeUnit.MILLISECONDS);
                    continue;
                } catch (java.util.concurrent.TimeoutException notYet) {
                    all = false;
                } catch (ExecutionException e) {
                    running.values().forEach(o -> o.cancel(true));
                    return "client host " + host + ": " + c.label() + ": " + ClusterFaults.rootMessage(e);
                }
                try {
                    // as long as the orchestrator's own health checks wait before they hold a host dead (15 s until
                    // 2026-12-02)
                    clients.executeOn(r.getKey(), ClusterNode.alive()).get(ClusterComparison.HEALTH_CHECK_TIMEOUT_MILLIS,
                            TimeUnit.MILLISECONDS);
                } catch (Exception e) {
                    onNodeLost.run();
                    running.values().forEach(o -> o.cancel(true));
                    return "client host " + host + " stopped answering during " + c.label() + " ("
                            + ClusterFaults.rootMessage(e) + ")";
                }
            }
            if (all) {
                return null;
            }
            awaitHosts(running.values(), LOOK_EVERY_NANOS);
            if (Thread.currentThread().isInterrupted()) {
                return "interrupted";
            }
        }
    }

    /** How often {@link #await} looks at where each host waits and whether it still answers. */
    private static final long LOOK_EVERY_NANOS = 5_000_000_000L;

    /**
     * Waits until every host's comparison ended, one failed, or {@code nanos} passed: the turn ends when its last
     * host's does, not at the next look (until 2026-12-02 a fixed 5 s sleep between looks, 2.5 s a turn on average).
     */
    private static void awaitHosts(Collection<NodeArrayFuture> running, long nanos) {
        long until = System.nanoTime() + nanos;
        for (NodeArrayFuture f : running) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                f.get(left, TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | ExecutionException e) {
                // the orchestrator's get takes an interrupt (Ctrl-C) for a failure and clears it: kept for await
                if (e.getCause() instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                return; // still running, or failed: the next look says which
            }
        }
    }

    private boolean watchFailed;

    /** One look at where each running client host waits (its node's waiting file): the line that ends the turn, or null. */
    private String stuckAtBarrier(Map<String, NodeArrayFuture> running, Contender c, String tag, BarrierWatch watch) {
        Map<String, String> waitingAt = new LinkedHashMap<>();
        for (String id : running.keySet()) {
            String at = null;
            try {
                Path f = clients.rootPathOf(id).resolve(ClusterNode.waitingFileName(tag + "-gates"));
                if (Files.exists(f)) {
                    try (java.io.InputStream in = Files.newInputStream(f)) {
                        at = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
                    }
                }
            } catch (java.nio.file.NoSuchFileException e) {
                // gone between the look and the read: it passed
            } catch (IOException | RuntimeException e) {
                if (!watchFailed) {
                    watchFailed = true;
                    out.println("[cluster] where client host " + hostOf.get(id) + " waits could not be read: "
                            + ClusterFaults.rootMessage(e));
                }
            }
            waitingAt.put(hostOf.get(id), at == null || at.isEmpty() ? null : at);
        }
        String prefix = "fixbench-" + tag + "-";
        Map<String, String> idOf = new LinkedHashMap<>();
        hostOf.forEach((id, host) -> idOf.put(host, id));
        String line = watch.look(System.nanoTime(), waitingAt,
                b -> {
                    String what = b.startsWith(prefix) ? b.substring(prefix.length(), b.lastIndexOf('-')) : b;
                    return (what.equals("warmup") ? "the warm-up" : what.startsWith("run-") ? "run "
                            + what.substring(4) : what) + " of " + c.label();
                },
                host -> {
                    try {
                        return lastLine(clients.rootPathOf(idOf.get(host)).resolve(tag + ".log"));
                    } catch (RuntimeException e) {
                        return null;
                    }
                });
        return line == null ? null : "--cluster: " + line;
    }

    private static String lastLine(Path log) {
        try {
            if (!Files.exists(log)) {
                return null;
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return lines.get(i);
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
