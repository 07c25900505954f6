package org.fixbench.cli.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The charts {@link Charts#write} drew, each a typed reference (what it shows, for which engine and rate, its title
 * and its PNG relative to the results folder), so the report finds a chart by what it shows, never by its title.
 */
public record ChartSet(List<Ref> refs) {
    public static final ChartSet NONE = new ChartSet(List.of());

    public enum Kind { PERCENTILES, THROUGHPUT, TIMELINE }

    /** {@code label}: the engine's (null for a rate's percentile chart); {@code rate}: 0 for a throughput chart. */
    public record Ref(Kind kind, String label, long rate, String title, Path png) {
        /** The figure that shows it in a report. */
        public org.fixbench.cli.report.doc.Block.Figure figure() {
            return new org.fixbench.cli.report.doc.Block.Figure(title, png.toString().replace('\\', '/'));
        }
    }

    public ChartSet {
        refs = List.copyOf(refs);
    }

    /** The percentile chart of a rate, or null. */
    public Ref percentiles(long rate) {
        return refs.stream().filter(r -> r.kind() == Kind.PERCENTILES && r.rate() == rate).findFirst().orElse(null);
    }

    public List<Ref> of(Kind kind) {
        return refs.stream().filter(r -> r.kind() == kind).toList();
    }

    /** The latency-over-time chart of an engine at a rate, or null. */
    public Ref timeline(String label, long rate) {
        return refs.stream().filter(r -> r.kind() == Kind.TIMELINE && r.label().equals(label) && r.rate() == rate)
                .findFirst().orElse(null);
    }

    static String percentilesTitle(long rate) {
        return String.format(Locale.ROOT, "Percentiles at %,d msgs/s", rate);
    }

    static String timelineTitle(String label, long rate) {
        return String.format(Locale.ROOT, "%s at %,d msgs/s: latency over time", label, rate);
    }

    static String throughputTitle(String label) {
        return label + ": latency against throughput";
    }
}
