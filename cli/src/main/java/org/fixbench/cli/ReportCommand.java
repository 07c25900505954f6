package org.fixbench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.report.ComparisonReport;
import org.fixbench.cli.report.FolderReport;
import org.fixbench.harness.results.ResultsReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A comparison report made again from a results folder: its {@code summary.json} and logs, read back into the
 * results the run wrote, rendered by the code that renders a comparison's own report (which is made from the folder
 * too), so the two are the same text (a {@code --knee} search's section is not made again). Written into a new
 * folder: results are never overwritten. A folder judged under older rules, or with logs of before 2026-11-24, is
 * made again with a note saying so at the top.
 */
@Command(name = "report", description = "Render the comparison report (report.md, report.html, charts) of a results "
        + "folder again, from its summary.json and logs, into a new folder (the one given, or results/<UTC time>-<host>)")
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RESULTS")
    Path folder;

    @Option(names = "--out", paramLabel = "DIR", description = "a new or empty folder for the report (default: "
            + "results/<UTC time>-<host>)")
    Path out;

    @Option(names = "--derived-files", description = "also write what can be made again from the logs: per-run "
            + ".hgrm distributions (hgrm/) and SVG charts beside the PNGs")
    boolean derivedFiles;

    @Option(names = "--no-charts", description = "the report without charts: none drawn, none embedded (for a "
            + "published folder within its size budget)")
    boolean noCharts;

    @Override
    public Integer call() throws java.io.IOException {
        if (noCharts && derivedFiles) {
            throw new IllegalArgumentException("--no-charts and --derived-files: the derived files include SVG charts;"
                    + " give one of them");
        }
        ResultsReader.Read read = ResultsReader.read(folder); // before any folder is made
        Path target = RunOptions.createResultsFolder(out); // a folder the user named that cannot be made is bad input
        if (org.fixbench.cli.scenario.ScenarioRegistry.ofFolder(read.environment()) != null) { // a scenario's folder: its own report
            org.fixbench.harness.results.AtomicFiles.writeString(target.resolve("report.md"),
                    org.fixbench.cli.report.doc.MarkdownWriter.write(
                            org.fixbench.cli.scenario.ScenarioRun.report(read, folder, target)));
            System.out.println("Report of " + folder + " written to " + target);
            return 0;
        }
        ComparisonReport.write(target, FolderReport.document(read, folder, target, derivedFiles, !noCharts));
        if (derivedFiles) {
            org.fixbench.harness.results.ResultsWriter.writeDistributions(target, read.results());
        }
        System.out.println("Report of " + folder + " written to " + target);
        return 0;
    }
}
