package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Two engines of interleaved comparison folders against each other, round by round: per rate and statistic, engine
 * A's run minus engine B's run of the same round, the median over rounds with its distribution-free interval
 * ({@link PairedStats}), and how many rounds A was the lower. A run is set against B's run of its round (by the
 * round each run records; when B is A's floor, the floor run A was paired with, since the floor runs twice a round;
 * in folders from before rounds were recorded, run k of each engine is round k); several folders add their rounds.
 * Rounds where either run was not OK, or was left out of the summaries, are left out and counted.
 */
public final class EnginePairs {
    /** The statistics compared: series and percentile key. */
    public static final List<String[]> STATISTICS = List.of(new String[] {"endToEnd", "p50"},
            new String[] {"endToEnd", "p90"}, new String[] {"endToEnd", "p99"}, new String[] {"server processing", "p50"});
    /**
     * The ledger's statistics: the round trip's p50, then each leg's p50 in the order an order travels (how late the
     * send was, the client's send to the server's decoded order, the server's processing, the server's report sending
     * to the client's decoded report).
     */
    public static final List<String[]> LEGS = List.of(new String[] {"endToEnd", "p50"},
            new String[] {"sendLateness", "p50"}, new String[] {"client->server", "p50"},
            new String[] {"server processing", "p50"}, new String[] {"server->client", "p50"});

    /** One rate × statistic: the differences A − B in ns over the rounds paired, and the rounds left out. */
    public record Row(long rate, String series, String key, double[] differences, int leftOut) {
        public long lowerInA() {
            return java.util.Arrays.stream(differences).filter(d -> d < 0).count();
        }

        public PairedStats.Interval interval() {
            return PairedStats.median(differences);
        }
    }

    private EnginePairs() {
    }

    /**
     * @param folders each folder's results ({@link SummaryFile#load})
     * @throws IllegalArgumentException when A and B never ran at one rate in one folder
     */
    public static List<Row> compare(List<List<SummaryFile.Result>> folders, String a, String b) {
        return compare(folders, a, b, STATISTICS);
    }

    /** As {@link #compare(List, String, String)}, for the given statistics (series and percentile key each). */
    public static List<Row> compare(List<List<SummaryFile.Result>> folders, String a, String b,
                                    List<String[]> statistics) {
        TreeSet<Long> rates = new TreeSet<>();
        for (List<SummaryFile.Result> folder : folders) {
            for (SummaryFile.Result ra : folder) {
                if (ra.label().equals(a) && find(folder, b, ra.targetRate()) != null) {
                    rates.add(ra.targetRate());
                }
            }
        }
        if (rates.isEmpty()) {
            throw new IllegalArgumentException("no rate at which both " + a + " and " + b + " ran in one folder");
        }
        List<Row> rows = new ArrayList<>();
        for (long rate : rates) {
            for (String[] stat : statistics) {
                List<Double> differences = new ArrayList<>();
                int leftOut = 0;
                for (List<SummaryFile.Result> folder : folders) {
                    SummaryFile.Result ra = find(folder, a, rate);
                    SummaryFile.Result rb = find(folder, b, rate);
                    if (ra == null || rb == null) {
                        continue;
                    }
                    for (int k = 0; k < ra.runs().size(); k++) {
                        SummaryFile.Run x = ra.runs().get(k);
                        SummaryFile.Run y = partner(ra, x, k, b, rb);
                        Long vx = x.value(stat[0], stat[1]);
                        Long vy = y == null ? null : y.value(stat[0], stat[1]);
                        if (y == null || !x.ok() || !y.ok() || x.excluded() || y.excluded() || vx == null
                                || vy == null) {
                            leftOut++;
                            continue;
                        }
                        differences.add((double) vx - vy);
                    }
                }
                rows.add(new Row(rate, stat[0], stat[1],
                        differences.stream().mapToDouble(Double::doubleValue).toArray(), leftOut));
            }
        }
        return rows;
    }

    /**
     * B's run set against A's k-th run {@code x}: the floor run A was paired with when B is A's floor; else B's run
     * of the same round when runs record their round; else B's k-th run. Null when there is none.
     */
    static SummaryFile.Run partner(SummaryFile.Result ra, SummaryFile.Run x, int k, String labelB,
                                   SummaryFile.Result rb) {
        if (labelB.equals(ra.floor()) && !ra.pairedFloorRuns().isEmpty()) {
            int floorRun = k < ra.pairedFloorRuns().size() && ra.pairedFloorRuns().get(k) != null
                    ? ra.pairedFloorRuns().get(k) : 0;
            return rb.runs().stream().filter(y -> y.run() == floorRun).findFirst().orElse(null);
        }
        if (x.round() != 0) {
            return rb.runs().stream().filter(y -> y.round() == x.round()).findFirst().orElse(null);
        }
        return k < rb.runs().size() ? rb.runs().get(k) : null;
    }

    private static SummaryFile.Result find(List<SummaryFile.Result> folder, String label, long rate) {
        return folder.stream().filter(r -> r.label().equals(label) && r.targetRate() == rate).findFirst().orElse(null);
    }

    public static String markdown(String a, String b, int folders, List<Row> rows) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "# %s − %s, paired by round%n%n", a, b));
        md.append("µs; per rate and statistic: the median over rounds of (A's run − B's run in the same round) "
                + "[distribution-free interval (its coverage)], the rounds where A was lower, and rounds left out "
                + "because a run was not OK. Negative: A is faster. Folders: " + folders + ".\n\n");
        md.append("| rate | statistic | A − B: median [interval] | A lower in | left out |\n"
                + "| ---: | --- | ---: | ---: | ---: |\n");
        for (Row row : rows) {
            md.append(String.format(Locale.ROOT, "| %,d/s | %s %s | %s | %d of %d | %d |%n", row.rate(), row.series(),
                    row.key(), row.differences().length == 0 ? "-" : row.interval().text(EnginePairs::micros),
                    row.lowerInA(), row.differences().length, row.leftOut()));
        }
        return md.toString();
    }

    /**
     * The ledger: per rate, each leg's A − B at p50 (median over rounds [interval]) and its share of the round trip's
     * (the first row's) median difference. The legs are timed on one clock (both processes read the same monotonic
     * clock) but their medians need not add up to the round trip's: a median of sums is not the sum of medians.
     */
    public static String ledger(String a, String b, int folders, List<Row> rows) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "# Where %s's extra time goes against %s, leg by leg%n%n", a, b));
        md.append("µs; per rate and leg: the median over rounds of (A's run − B's run in the same round) "
                + "[distribution-free interval (its coverage)], and that median as a share of the round trip's. Legs: "
                + "send lateness (the client's actual send after its intended time), client → server (the client's "
                + "send call to the server's decoded order), server processing (decoded order to report sending), "
                + "server → client (report sending to the client's decoded report). Their medians need not add up "
                + "to the round trip's. Rounds where either run was not OK are left out. Folders: " + folders + ".\n\n");
        md.append("| rate | leg (p50) | A − B: median [interval] | share of the round trip's | A lower in | left out |\n"
                + "| ---: | --- | ---: | ---: | ---: | ---: |\n");
        double total = Double.NaN;
        for (Row row : rows) {
            boolean roundTrip = row.series().equals("endToEnd");
            double median = row.differences().length == 0 ? Double.NaN : row.interval().median();
            if (roundTrip) {
                total = median;
            }
            String share = roundTrip || Double.isNaN(median) || Double.isNaN(total) || total == 0 ? "-"
                    : String.format(Locale.ROOT, "%.0f%%", 100 * median / total);
            md.append(String.format(Locale.ROOT, "| %,d/s | %s | %s | %s | %d of %d | %d |%n", row.rate(),
                    roundTrip ? "round trip" : row.series(),
                    row.differences().length == 0 ? "-" : row.interval().text(EnginePairs::micros), share,
                    row.lowerInA(), row.differences().length, row.leftOut()));
        }
        return md.toString();
    }

    static String micros(double nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1000.0);
    }
}
