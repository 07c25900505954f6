package org.fixbench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.mortbay.jetty.orchestrator.Cluster;

/**
 * A started cluster as its results record it ({@code recorded}: the file, every host's environment, each client
 * host's ping to the server host) and the CPUs its JVMs take where hosts share a machine ({@code machines}).
 */
record ClusterDescription(Map<String, Object> recorded, SharedMachines.Plan machines) {
    private static SharedMachines.Host hostFrom(String address, Map<String, Object> environments) {
        Map<?, ?> env = (Map<?, ?>) environments.get(address);
        Object boot = env == null ? null : env.get("bootId");
        Object cpus = env == null ? null : env.get("cpus");
        return new SharedMachines.Host(address, boot == null ? null : boot.toString(),
                cpus instanceof Number n ? n.intValue() : 1);
    }

    /** Whether the cluster file or the command chose the pinning: then shared machines keep it. */
    private static boolean userChoseCpus(ClusterFile file, List<String> hostArgs) {
        return !file.serverCpus().isEmpty() || !file.clientCpus().isEmpty() || hostArgs.stream()
                .anyMatch(a -> a.equals("--pin") || a.equals("--no-pin") || a.equals("--cpus")
                        || a.startsWith("--cpus="));
    }

    /**
     * The cluster as recorded: its file, every host's environment, and each client host's ping to the server
     * (measured here, printed as it comes); and where hosts share a machine, which CPUs each takes.
     *
     * @param hostOf each client node's id to its host
     * @param hostArgs the options every client host's comparison takes (a pinning chosen there is kept)
     */
    static ClusterDescription of(Cluster cluster, ClusterFile file, Map<String, String> hostOf, int sessions,
                                 List<String> hostArgs, double startSeconds, PrintStream out) throws IOException {
        List<String> ids = List.copyOf(hostOf.keySet());
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("file", file.file().toString());
        c.put("startSeconds", startSeconds);
        c.put("serverHost", file.server());
        c.put("clientHosts", file.clients());
        c.put("port", file.port());
        c.put("sessions", sessions);
        c.put("split", "Each client host sends 1/" + ids.size() + " of every rate (a remainder one order a second "
                + "each to the first hosts) on " + sessions / ids.size() + " of the " + sessions + " sessions, on its "
                + "own schedule and clock; its warm-up and runs start at the "
                + "cluster's barriers with the other hosts'");
        ObjectMapper json = new ObjectMapper();
        Map<String, Object> environments = new LinkedHashMap<>();
        environments.put(file.server(), json.readValue(Files.readString(cluster.nodeArray(ClusterComparison.SERVER).rootPathOf(ClusterComparison.SERVER)
                .resolve(ClusterNode.ENVIRONMENT)), Map.class));
        for (String id : ids) {
            environments.put(hostOf.get(id), json.readValue(Files.readString(cluster.nodeArray(ClusterComparison.CLIENTS).rootPathOf(id)
                    .resolve(ClusterNode.ENVIRONMENT)), Map.class));
        }
        c.put("environments", environments);
        SharedMachines.Plan machines = SharedMachines.plan(hostFrom(file.server(), environments), file.clients()
                .stream().map(h -> hostFrom(h, environments)).toList(), userChoseCpus(file, hostArgs));
        if (machines.note() != null) {
            out.println("[cluster] " + machines.note());
            c.put("sharedMachines", machines.note());
        }
        out.println("Pinging the server host from each client host over raw TCP (" + ClusterComparison.PING_ROUND_TRIPS
                + " round trips) ...");
        Map<String, ClusterPing.HostPath> paths;
        try {
            paths = ClusterPing.measure(cluster, cluster.nodeArray(ClusterComparison.SERVER), ClusterComparison.SERVER, file.server(), file.port(),
                    cluster.nodeArray(ClusterComparison.CLIENTS), ClusterComparison.PING_ROUND_TRIPS, Duration.ofMinutes(2));
        } catch (Exception e) {
            String why = ClusterFaults.rootMessage(e);
            throw new IllegalArgumentException(why.contains("in use")
                    ? "--cluster: server host " + file.server() + ": port " + file.port() + " is in use there (" + why
                            + ")"
                    : "--cluster: the ping from the client hosts to " + file.server() + ":" + file.port() + " failed: "
                            + why);
        }
        Map<String, Object> ping = new LinkedHashMap<>();
        paths.forEach((id, p) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("roundTrips", p.roundTrips());
            m.put("p50Nanos", p.p50Nanos());
            m.put("p99Nanos", p.p99Nanos());
            m.put("maxNanos", p.maxNanos());
            ping.put(hostOf.get(id), m);
            out.printf(Locale.ROOT, "  %s -> %s: p50 %.1f us, p99 %.1f us, max %.1f us%n", hostOf.get(id),
                    file.server(), p.p50Nanos() / 1e3, p.p99Nanos() / 1e3, p.maxNanos() / 1e3);
        });
        c.put("ping", ping);
        return new ClusterDescription(c, machines);
    }
}
