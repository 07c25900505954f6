package org.fixbench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.fixbench.cli.report.Diff;
import org.fixbench.cli.report.SummaryFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Old results against new: exit status 1 when something is worse beyond the threshold and beyond noise (a rank test
 * per row, Holm-corrected over all rows); 0 with "no verdicts" when there are too few OK runs for any row to pass.
 */
@Command(name = "diff", description = "Compare two results folders (OK runs only; rank test per row, Holm-corrected "
        + "across rows); exit 1 if anything got worse beyond --threshold, 0 with 'no verdicts' when there are too few "
        + "runs for any verdict.")
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
        Diff.Outcome outcome = Diff.compare(SummaryFile.load(older), SummaryFile.load(newer), t);
        System.out.print(Diff.markdown(outcome, t));
        System.out.println();
        if (outcome.insufficient() != null) {
            System.out.println("no verdicts: " + outcome.insufficient());
            return 0;
        }
        long worse = outcome.count(Diff.Verdict.WORSE);
        long better = outcome.count(Diff.Verdict.BETTER);
        System.out.println(worse + " worse, " + better + " better, " + (outcome.rows().size() - worse - better)
                + " no change");
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
