package org.fixbench.cli.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsReader;

/**
 * A comparison's (or a tuning session's) report made from its folder: the same whether the command writes it as it
 * ends or {@code fixbench report} makes it again later.
 */
public final class FolderReport {
    private FolderReport() {
    }

    /**
     * The report of {@code folder}, with {@code beforeRuns} placed before the run-by-run summaries, its charts
     * written unless {@code charts} is false (none written, none embedded).
     */
    public static Document document(Path folder, Path out, boolean derivedFiles, List<Block> beforeRuns,
                                    boolean charts) {
        return document(ResultsReader.read(folder), folder, out, derivedFiles, beforeRuns, charts);
    }

    /**
     * The report of a folder already read, without charts when {@code charts} is false: none written, none embedded
     * (a published folder kept within its size budget).
     */
    public static Document document(ResultsReader.Read read, Path folder, Path out, boolean derivedFiles,
                                    boolean charts) {
        return document(read, folder, out, derivedFiles, List.of(), charts);
    }

    private static Document document(ResultsReader.Read read, Path folder, Path out, boolean derivedFiles,
                                     List<Block> beforeRuns, boolean withCharts) {
        Map<String, Object> env = read.environment();
        Compared compared = Compared.of(read);
        List<BenchmarkResult> results = compared.results();
        List<String> distinctLabels = compared.labels();
        List<Long> distinctRates = compared.rates();
        org.fixbench.cli.report.ChartSet charts = !withCharts ? org.fixbench.cli.report.ChartSet.NONE
                : Charts.write(folder, out, SummaryFile.of(read.summary()).stream().limit(results.size())
                .filter(r -> distinctRates.contains(r.targetRate())).toList(), derivedFiles);

        ComparisonRecord recorded = ComparisonRecord.of(env);
        String command = recorded.command() == null ? "(not recorded)" : recorded.command();
        ComparisonReport.Frame frame = ComparisonReport.Frame.COMPARISON;
        if (read.approximate()) {
            frame = frame.withNote(new Block.Paragraph("**Made again from logs written before 2026-11-24**, which keep "
                    + "each run's distribution only as seconds at 2 significant digits: percentiles here may differ "
                    + "from the original report's in the third digit."));
        }
        if (read.rulesVersion() != org.fixbench.harness.verdict.Verdicts.RULES_VERSION) {
            frame = frame.withNote(new Block.Paragraph("**Made again by today's code from results judged under rules "
                    + "version " + read.rulesVersion() + "** (today's: "
                    + org.fixbench.harness.verdict.Verdicts.RULES_VERSION + "): each run's status is the one recorded "
                    + "then; the tables and notes are today's."));
        }
        if (recorded.tuning() != null) {
            frame = frame.titled("fixbench tuning session").withSectionAfterCommand(
                    tuningSection(SummaryFile.of(read.summary()), recorded.tuning()));
        }
        for (Block section : beforeRuns) {
            frame = frame.withSectionBeforeRuns(section);
        }
        return ComparisonReport.document(frame, command, env, distinctLabels, distinctRates, results,
                recorded.stopReason(), charts, folder);
    }

    /** A tuning session's first section: each variant against the baseline, from the folder's results. */
    public static Block.Section tuningSection(List<SummaryFile.Result> results, ComparisonRecord.Tuning tuning) {
        return org.fixbench.cli.results.Tuning.section(org.fixbench.cli.results.Tuning.judge(results,
                tuning.baseline(), tuning.variants(), tuning.threshold()), tuning.baseline(), tuning.threshold(),
                tuning.reproduce());
    }
}
