package org.fixbench.cli.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fixbench.cli.report.doc.Table;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.ResultsReader;

/**
 * The reference table on README's first screen, made from the results of the report it cites, never typed: per rate
 * and engine, the p50, p99 and worst round trip (all counted runs' samples together, as the report's tables give
 * them), the paired p50 overhead over raw TCP with its interval, and the runs OK. README holds it between two
 * markers; the first names the report, relative to the project's root. {@code scripts/fixbench index} writes it
 * again, and a test checks that it is current.
 */
public final class ReferenceTable {
    /** Opens the block: {@code <!-- reference table, made by scripts/fixbench index from PATH -->}. */
    public static final String BEGIN = "<!-- reference table, made by scripts/fixbench index from ";
    public static final String END = "<!-- end of the reference table -->";

    private static final Pattern BEGIN_LINE = Pattern.compile(Pattern.quote(BEGIN) + "(\\S+) -->");

    private ReferenceTable() {
    }

    /** {@code readme} with its reference block made again from the report the block names ({@code home}: the root). */
    public static String refresh(String readme, Path home) {
        Matcher m = BEGIN_LINE.matcher(readme);
        if (!m.find()) {
            throw new IllegalArgumentException("README.md has no line '" + BEGIN + "PATH -->'");
        }
        int end = readme.indexOf(END, m.end());
        if (end < 0) {
            throw new IllegalArgumentException("README.md's reference table has no closing line '" + END + "'");
        }
        String table = markdown(home.resolve(m.group(1)));
        return readme.substring(0, m.end()) + "\n" + table + readme.substring(end);
    }

    /**
     * The table of the comparison whose {@code report.md} is {@code report}, made from the results in its folder as
     * the report's own tables are ({@link RateTable#model}): per rate, each contender's round trip at p50 and p99
     * (all counted runs' samples together), its worst, its paired overhead over raw TCP at p50 and its runs OK,
     * each taken from the row that holds it by the row's key, never by its label.
     *
     * @throws IllegalArgumentException one line: no such report, or no results beside it
     */
    public static String markdown(Path report) {
        if (!Files.isRegularFile(report)) {
            throw new IllegalArgumentException("cannot read " + report + ": no such file");
        }
        Compared compared;
        try {
            compared = Compared.of(ResultsReader.read(report.toAbsolutePath().getParent()));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot read the results beside " + report + ": " + e.getMessage());
        }
        StringBuilder md = new StringBuilder("| rate (msgs/s) | engine | p50 (µs) | p99 (µs) | worst (µs) "
                + "| p50 over raw TCP, paired: median [interval] (µs) | runs OK |\n"
                + "| ---: | --- | ---: | ---: | ---: | --- | ---: |\n");
        int sections = 0;
        for (long rate : compared.rates()) {
            List<BenchmarkResult> atRate = compared.atRate(rate);
            if (atRate.isEmpty()) {
                continue;
            }
            sections++;
            Table table = RateTable.model(atRate);
            Table.Row p50 = table.row(new RateTable.RoundTrip(50));
            Table.Row p99 = table.row(new RateTable.RoundTrip(99));
            Table.Row worst = table.row(new RateTable.RoundTrip(100));
            Table.Row overhead = table.row(new RateTable.OverFloor(50));
            Table.Row runs = table.row(RateTable.Counts.RUN_STATUSES);
            for (int e = 0; e < atRate.size(); e++) {
                RateTable.StatusCounts counts = (RateTable.StatusCounts) runs.cells().get(e).value();
                md.append(String.format(Locale.ROOT, "| %,d | %s | %s | %s | %s | %s | %d of %d |%n", rate,
                        table.header().get(e + 1), micros(p50.cells().get(e)), micros(p99.cells().get(e)),
                        worst.cells().get(e).text(), overhead.cells().get(e).text(), counts.ok(), counts.total()));
            }
        }
        if (sections == 0) {
            throw new IllegalArgumentException(report + ": its folder holds no result at any rate it compares");
        }
        return md.toString();
    }

    /** A round trip's value in µs as the tables write it (without the runs' range). */
    private static String micros(Table.Cell cell) {
        return ComparisonTable.micros((Double) cell.value());
    }
}
