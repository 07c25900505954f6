package org.fixbench.cli.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.results.Labels;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.MachineRecord;

/**
 * A comparison across hosts, in its report: the hosts, the network path from each client host to the server host,
 * and per benchmark one row per client host (its own runs' round trips together), the host with the highest p99
 * marked. Empty for a comparison on one machine.
 */
final class ClusterSection {
    private ClusterSection() {
    }

    static String markdown(Map<String, Object> environment, List<BenchmarkResult> results) {
        if (!(environment.get(ResultLabels.CLUSTER) instanceof Map<?, ?> cluster)) {
            return "";
        }
        StringBuilder md = new StringBuilder("## Per client host\n\n");
        md.append("Server host ").append(cluster.get("serverHost")).append(", client hosts ")
                .append(String.join(", ", ((List<?>) cluster.get("clientHosts")).stream().map(String::valueOf)
                        .toList())).append(" (").append(cluster.get("file")).append(String.format(Locale.ROOT,
                        "; started in %.1f s). ", ((Number) cluster.get("startSeconds")).doubleValue()))
                .append(cluster.get("split")).append(". Each benchmark's table cell above is the lossless sum of the "
                        + "hosts' distributions; below, each host's own (its runs together, µs), ◀ on the host with "
                        + "the highest p99. What each host measured is under `hosts/<host>/`.\n\n");
        if (cluster.get("environments") instanceof Map<?, ?> hosts && !hosts.isEmpty()) {
            md.append("| host | role | CPU | CPUs | kernel | clocksource | JVM |\n|---|---|---|---:|---|---|---|\n");
            hosts.forEach((host, v) -> {
                @SuppressWarnings("unchecked")
                MachineRecord machine = MachineRecord.of((Map<String, ?>) v);
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s %s |%n", host,
                        host.equals(cluster.get("serverHost")) ? "server" : "client",
                        machine.cpuDescription(), machine.cpus(), machine.kernel(), machine.clocksource(),
                        machine.jvmName(), machine.jvmVersion()));
            });
            md.append('\n');
        }
        if (cluster.get("ping") instanceof Map<?, ?> ping && !ping.isEmpty()) {
            md.append("Network path before the runs: raw-TCP ping, 8 bytes each way, one at a time, timed on the "
                    + "client host's clock.\n\n| client host | to | round trips | p50 µs | p99 µs | max µs |\n"
                    + "|---|---|---:|---:|---:|---:|\n");
            ping.forEach((host, v) -> {
                Map<?, ?> p = (Map<?, ?>) v;
                md.append(String.format(Locale.ROOT, "| %s | %s | %,d | %.1f | %.1f | %.1f |%n", host,
                        cluster.get("serverHost"), ((Number) p.get("roundTrips")).longValue(), micros(p, "p50Nanos"),
                        micros(p, "p99Nanos"), micros(p, "maxNanos")));
            });
            md.append('\n');
        }
        md.append("| engine | rate | client host | runs | orders | p50 µs | p99 µs | worst µs | runs' statuses |\n"
                + "|---|---:|---|---:|---:|---:|---:|---:|---|\n");
        for (BenchmarkResult r : results) {
            List<Labels.HostRow> rows = Labels.of(r).hosts();
            if (rows.isEmpty()) {
                continue;
            }
            double worstP99 = rows.stream().mapToDouble(x -> x.p99Nanos() / 1e3).max().orElse(0);
            for (Labels.HostRow row : rows) {
                double p99 = row.p99Nanos() / 1e3;
                md.append(String.format(Locale.ROOT, "| %s | %,d/s | %s%s | %d | %,d | %.1f | %.1f | %.1f | %s |%n",
                        ComparisonReport.label(r), r.config().targetRatePerSecond(), row.host(),
                        rows.size() > 1 && p99 == worstP99 ? " ◀" : "", row.runs(), row.count(),
                        row.p50Nanos() / 1e3, p99, row.maxNanos() / 1e3, String.join(", ", row.statuses())));
            }
        }
        return md.append('\n').toString();
    }

    private static double micros(Map<?, ?> m, String key) {
        return ((Number) m.get(key)).longValue() / 1e3;
    }
}
