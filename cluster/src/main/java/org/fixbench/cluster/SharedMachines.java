package org.fixbench.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which CPUs each host's JVMs may be pinned to when some of a cluster's hosts are one machine: hosts that share a
 * kernel (the same {@code /proc/sys/kernel/random/boot_id}: network namespaces or containers on one machine). Each
 * client host's comparison pins as a comparison on one machine does, its harness thread to the last CPU; on one
 * machine, every client host then takes that same CPU, and its threads, with the other hosts' spinning ones, share it
 * while the other CPUs stay with the rest (issue 55: two client hosts on 2 CPUs, one host's warm-up of 0.5 s of
 * settling took 38.8 s, the finished host's reply reader holding most of CPU 1, both clients' every thread allowed CPU
 * 1 only).
 *
 * <p>So, on a machine shared by more than one of the cluster's roles (the server host, each client host), and where
 * the cluster file gives no {@code server.cpus}/{@code client.cpus} and the command neither {@code --pin} nor
 * {@code --no-pin}: with a CPU for each role, the server's thread takes the first and each client host the next
 * CPUs, apart; with fewer, no role there is pinned. Either way it is said in one line. Hosts on machines of their own
 * pin as before. Pure: fed each host's boot id and CPU count.
 */
public final class SharedMachines {
    /** A host as its node described it: its kernel's boot id (null: not read) and its online CPUs. */
    public record Host(String address, String bootId, int cpus) {
    }

    /**
     * What each role does: the server's {@code --pin-cpu} (-1: as before, not pinned), each client host's extra
     * arguments ({@code --cpus L} or {@code --no-pin}; none: as before), and the line that says so (null: no host
     * shares a machine).
     */
    public record Plan(int serverCpu, Map<String, List<String>> clientArgs, String note) {
        public List<String> argsOf(String clientHost) {
            return clientArgs.getOrDefault(clientHost, List.of());
        }
    }

    private SharedMachines() {
    }

    /**
     * @param server       the server host
     * @param clients      the client hosts, in the cluster file's order
     * @param userChoseCpus whether the cluster file or the command chose pinning itself (then it is kept, and said)
     */
    public static Plan plan(Host server, List<Host> clients, boolean userChoseCpus) {
        Map<String, List<Host>> machines = new LinkedHashMap<>();
        List<Host> all = new ArrayList<>();
        all.add(server);
        all.addAll(clients);
        for (Host h : all) {
            String key = h.bootId() == null || h.bootId().isBlank() ? "host:" + h.address() : h.bootId();
            machines.computeIfAbsent(key, k -> new ArrayList<>()).add(h);
        }
        int serverCpu = -1;
        Map<String, List<String>> args = new LinkedHashMap<>();
        List<String> said = new ArrayList<>();
        for (List<Host> hosts : machines.values()) {
            if (hosts.size() < 2) {
                continue;
            }
            boolean withServer = hosts.get(0) == server;
            int cpus = hosts.get(0).cpus();
            String names = String.join(", ", hosts.stream().map(Host::address).toList());
            String shared = String.format(Locale.ROOT, "hosts %s are one machine (one kernel: the same boot_id) of "
                    + "%d CPU%s", names, cpus, cpus == 1 ? "" : "s");
            if (userChoseCpus) {
                said.add(shared + ": pinned as the cluster file or the command says (each client host pins on its "
                        + "own: two on one CPU share it)");
                continue;
            }
            if (cpus < hosts.size()) {
                for (Host h : hosts) {
                    if (h != server) {
                        args.put(h.address(), List.of("--no-pin"));
                    }
                }
                said.add(String.format(Locale.ROOT, "%s, fewer than its %d roles: none of them is pinned (each "
                        + "client host would take the same CPU)", shared, hosts.size()));
                continue;
            }
            // CPUs from the last down, as one machine's comparison takes them: the server first, then each client
            // host an equal share, apart
            int next = cpus - 1;
            List<String> parts = new ArrayList<>();
            if (withServer) {
                serverCpu = next--;
                parts.add(server.address() + " the server's thread CPU " + serverCpu);
            }
            int clientHosts = hosts.size() - (withServer ? 1 : 0);
            int each = (next + 1) / clientHosts;
            for (Host h : hosts) {
                if (h == server) {
                    continue;
                }
                List<String> mine = new ArrayList<>();
                for (int i = 0; i < each; i++) {
                    mine.add(Integer.toString(next--));
                }
                args.put(h.address(), List.of("--cpus", String.join(",", mine)));
                parts.add(h.address() + " CPU" + (mine.size() == 1 ? " " : "s ") + String.join(",", mine));
            }
            said.add(shared + ": each role its own CPUs (" + String.join("; ", parts) + ")");
        }
        return new Plan(serverCpu, args, said.isEmpty() ? null : String.join("; ", said));
    }
}
