package org.fixbench.cli.report;

import static org.fixbench.cli.report.doc.Table.Align.LEFT;
import static org.fixbench.cli.report.doc.Table.Align.RIGHT;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Table;
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
        Block.Section section = section(environment, results);
        return section == null ? "" : MarkdownWriter.write(List.of(section));
    }

    /** The section, or null for a comparison on one machine. */
    static Block.Section section(Map<String, Object> environment, List<BenchmarkResult> results) {
        if (!(environment.get(ResultLabels.CLUSTER) instanceof Map<?, ?> cluster)) {
            return null;
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Paragraph("Server host " + cluster.get("serverHost") + ", client hosts "
                + String.join(", ", ((List<?>) cluster.get("clientHosts")).stream().map(String::valueOf).toList())
                + " (" + cluster.get("file") + String.format(Locale.ROOT, "; started in %.1f s). ",
                ((Number) cluster.get("startSeconds")).doubleValue()) + cluster.get("split") + ". Each benchmark's "
                + "table cell above is the lossless sum of the hosts' distributions; below, each host's own (its runs "
                + "together, µs), ◀ on the host with the highest p99. What each host measured is under "
                + "`hosts/<host>/`."));
        if (cluster.get("environments") instanceof Map<?, ?> hosts && !hosts.isEmpty()) {
            Table.Builder table = new Table.Builder(List.of("host", "role", "CPU", "CPUs", "kernel", "clocksource",
                    "JVM"), List.of(LEFT, LEFT, LEFT, RIGHT, LEFT, LEFT, LEFT));
            hosts.forEach((host, v) -> {
                @SuppressWarnings("unchecked")
                MachineRecord machine = MachineRecord.of((Map<String, ?>) v);
                table.row(Table.Row.of(host, String.valueOf(host), List.of(
                        host.equals(cluster.get("serverHost")) ? "server" : "client", machine.cpuDescription(),
                        String.valueOf(machine.cpus()), String.valueOf(machine.kernel()),
                        String.valueOf(machine.clocksource()), machine.jvmName() + " " + machine.jvmVersion())));
            });
            blocks.add(table.build());
        }
        if (cluster.get("ping") instanceof Map<?, ?> ping && !ping.isEmpty()) {
            blocks.add(new Block.Paragraph("Network path before the runs: raw-TCP ping, 8 bytes each way, one at a "
                    + "time, timed on the client host's clock."));
            Table.Builder table = new Table.Builder(List.of("client host", "to", "round trips", "p50 µs", "p99 µs",
                    "max µs"), List.of(LEFT, LEFT, RIGHT, RIGHT, RIGHT, RIGHT));
            ping.forEach((host, v) -> {
                Map<?, ?> p = (Map<?, ?>) v;
                table.row(Table.Row.of(host, String.valueOf(host), List.of(String.valueOf(cluster.get("serverHost")),
                        String.format(Locale.ROOT, "%,d", ((Number) p.get("roundTrips")).longValue()),
                        String.format(Locale.ROOT, "%.1f", micros(p, "p50Nanos")),
                        String.format(Locale.ROOT, "%.1f", micros(p, "p99Nanos")),
                        String.format(Locale.ROOT, "%.1f", micros(p, "maxNanos")))));
            });
            blocks.add(table.build());
        }
        Table.Builder perHost = new Table.Builder(List.of("engine", "rate", "client host", "runs", "orders", "p50 µs",
                "p99 µs", "worst µs", "runs' statuses"), List.of(LEFT, RIGHT, LEFT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT,
                LEFT));
        for (BenchmarkResult r : results) {
            List<Labels.HostRow> rows = Labels.of(r).hosts();
            if (rows.isEmpty()) {
                continue;
            }
            double worstP99 = rows.stream().mapToDouble(x -> x.p99Nanos() / 1e3).max().orElse(0);
            for (Labels.HostRow row : rows) {
                double p99 = row.p99Nanos() / 1e3;
                perHost.row(Table.Row.of(row, ComparisonReport.label(r), List.of(
                        String.format(Locale.ROOT, "%,d/s", r.config().targetRatePerSecond()),
                        row.host() + (rows.size() > 1 && p99 == worstP99 ? " ◀" : ""), Integer.toString(row.runs()),
                        String.format(Locale.ROOT, "%,d", row.count()),
                        String.format(Locale.ROOT, "%.1f", row.p50Nanos() / 1e3),
                        String.format(Locale.ROOT, "%.1f", p99), String.format(Locale.ROOT, "%.1f", row.maxNanos() / 1e3),
                        String.join(", ", row.statuses()))));
            }
        }
        blocks.add(perHost.build());
        return new Block.Section(2, "Per client host", blocks);
    }

    private static double micros(Map<?, ?> m, String key) {
        return ((Number) m.get(key)).longValue() / 1e3;
    }
}
