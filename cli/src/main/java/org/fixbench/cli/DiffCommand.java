package org.fixbench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.fixbench.cli.report.Diff;
import org.fixbench.cli.report.SummaryFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Old results against new: exit status 1 when something is worse beyond the threshold and beyond noise. */
@Command(name = "diff", description = "Compare two results folders; exit 1 if anything got worse beyond --threshold.")
final class DiffCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "OLD_RESULTS")
    Path older;

    @Parameters(index = "1", paramLabel = "NEW_RESULTS")
    Path newer;

    @Option(names = "--threshold", paramLabel = "PERCENT", description = "smallest change that counts (default: ${DEFAULT-VALUE})")
    String threshold = "10%";

    @Override
    public Integer call() {
        double t = parseThreshold(threshold);
        List<Diff.Row> rows = Diff.compare(SummaryFile.load(older), SummaryFile.load(newer), t);
        System.out.print(Diff.markdown(rows, t));
        long worse = rows.stream().filter(r -> r.verdict() == Diff.Verdict.WORSE).count();
        long better = rows.stream().filter(r -> r.verdict() == Diff.Verdict.BETTER).count();
        System.out.println();
        System.out.println(worse + " worse, " + better + " better, " + (rows.size() - worse - better) + " no change");
        return worse > 0 ? FixbenchCli.EXIT_FAILED_RUNS : 0;
    }

    static double parseThreshold(String text) {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        try {
            double value = Double.parseDouble(percent ? t.substring(0, t.length() - 1) : t);
            double fraction = percent || value > 1 ? value / 100.0 : value;
            if (fraction < 0 || fraction >= 10) {
                throw new NumberFormatException();
            }
            return fraction;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--threshold must be a percentage such as 10% (was '" + text + "')");
        }
    }
}
