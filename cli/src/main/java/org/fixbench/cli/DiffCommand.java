package org.fixbench.cli;

import org.fixbench.cli.options.Thresholds;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.fixbench.cli.results.Diff;
import org.fixbench.cli.results.SummaryFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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

    @Option(names = "--format", paramLabel = "markdown|json", description = "markdown (default) or json (for CI: "
            + "every row with its numbers and verdict, the counts, and why there are no verdicts if there are none)")
    String format = "markdown";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // what it writes goes to the writers it was given (the command line's: stdout and stderr), not to whatever
        // System.out is at the time
        java.io.PrintWriter out = spec.commandLine().getOut();
        java.io.PrintWriter err = spec.commandLine().getErr();
        double t = Thresholds.parse(threshold);
        if (!format.equals("markdown") && !format.equals("json")) {
            throw new IllegalArgumentException("--format must be markdown or json (was '" + format + "')");
        }
        Diff.Outcome outcome = Diff.compare(SummaryFile.load(older), SummaryFile.load(newer), t);
        long worseRows = outcome.count(Diff.Verdict.WORSE);
        if (format.equals("json")) {
            java.util.Map<String, Object> json = new java.util.LinkedHashMap<>();
            json.put("threshold", t);
            json.put("old", older.toString());
            json.put("new", newer.toString());
            json.put("insufficient", outcome.insufficient());
            json.put("runsNeeded", outcome.runsNeeded());
            json.put("excluded", outcome.excluded().stream().map(Diff.LeftOut::text).toList());
            json.put("worse", worseRows);
            json.put("better", outcome.count(Diff.Verdict.BETTER));
            json.put("rows", outcome.rows());
            out.println(new com.fasterxml.jackson.databind.ObjectMapper()
                    .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValueAsString(json));
            return exitStatus(outcome);
        }
        out.print(Diff.markdown(outcome, t));
        out.println();
        long worse = outcome.count(Diff.Verdict.WORSE);
        long better = outcome.count(Diff.Verdict.BETTER);
        long machine = outcome.count(Diff.Verdict.MACHINE_CHANGED);
        if (outcome.couldNotJudge()) {
            out.println("not judged: " + outcome.insufficient()
                    + (worse > 0 ? "; but " + worse + " worse by status (turned not OK or missing)" : ""));
        } else {
            out.println(worse + " worse, " + better + " better, " + machine + " floor row(s) where the machine "
                    + "changed, " + (outcome.rows().size() - worse - better - machine) + " no change");
        }
        int status = exitStatus(outcome);
        if (status == FixbenchCli.EXIT_NOT_JUDGED) {
            err.println("fixbench diff: could not judge (exit " + status + "): " + outcome.insufficient());
        }
        return status;
    }

    /** 1 when anything is worse (a status, or a verdict); else 5 when it could not judge; else 0. */
    static int exitStatus(Diff.Outcome outcome) {
        if (outcome.count(Diff.Verdict.WORSE) > 0) {
            return FixbenchCli.EXIT_FAILED_RUNS;
        }
        return outcome.couldNotJudge() ? FixbenchCli.EXIT_NOT_JUDGED : 0;
    }
}
