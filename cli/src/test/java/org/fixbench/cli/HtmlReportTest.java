package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fixbench.cli.report.FolderReport;
import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.report.doc.HtmlWriter;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.harness.results.ResultsReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html has every table and every image of report.md, both written from one document (the HTML by
 * commonmark-java's renderer), the images embedded.
 */
class HtmlReportTest {
    @TempDir
    Path tmp;

    private static int count(Pattern p, String text) {
        Matcher m = p.matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void everyTableAndImageOfAPublishedReportIsInItsHtml() throws Exception {
        Path folder = Path.of(System.getProperty("fixbench.home", "..")).resolve(
                "results/published/20261124-default-comparison");
        Document report = FolderReport.document(ResultsReader.read(folder), folder, tmp, false, true);
        String markdown = MarkdownWriter.write(report);
        String html = HtmlWriter.write(report, tmp);
        int tables = count(Pattern.compile("(?m)^\\|( ?:?-+:? ?\\|)+\\s*$"), markdown);
        int images = count(Pattern.compile("!\\["), markdown);
        assertTrue(tables >= 3 && images >= 3, "the premise: a report with tables and charts");
        assertEquals(tables, count(Pattern.compile("<table>"), html), "every table");
        assertEquals(images, count(Pattern.compile("<img src=\"data:image/png;base64,"), html), "every chart, embedded");
        assertTrue(html.contains("<td>") && html.contains("<th>"));
        assertFalse(html.contains("| --- |") || html.contains("| ---: |"), "no table left as text");
    }

    /**
     * Every published report: the HTML written from its document is what commonmark-java makes of its Markdown (as
     * report.html was made until 2026-12-07), so the two files of a folder never say different things.
     */
    @Test
    void everyPublishedReportsHtmlIsWhatCommonmarkMakesOfItsMarkdown() throws Exception {
        Path published = Path.of(System.getProperty("fixbench.home", "..")).resolve("results/published");
        java.util.List<Path> folders;
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.walk(published)) {
            folders = s.filter(p -> p.getFileName().toString().equals("summary.json")).map(Path::getParent).sorted()
                    .toList();
        }
        int comparisons = 0;
        for (Path folder : folders) {
            ResultsReader.Read read = ResultsReader.read(folder);
            if (org.fixbench.cli.scenario.ScenarioRegistry.ofFolder(read.environment()) != null) {
                continue; // a scenario's report is Markdown alone
            }
            comparisons++;
            Document report = FolderReport.document(read, folder, tmp, false, false);
            String html = HtmlWriter.write(report, tmp);
            String viaMarkdown = org.commonmark.renderer.html.HtmlRenderer.builder()
                    .extensions(java.util.List.of(org.commonmark.ext.gfm.tables.TablesExtension.create())).build()
                    .render(org.commonmark.parser.Parser.builder().extensions(java.util.List.of(
                            org.commonmark.ext.gfm.tables.TablesExtension.create())).build()
                            .parse(MarkdownWriter.write(report)));
            assertEquals(viaMarkdown, html.substring(html.indexOf("<body>\n") + 7, html.lastIndexOf("</body>")),
                    folder.toString());
        }
        assertTrue(comparisons >= 30, "the premise: the published comparisons and tuning sessions (" + comparisons
                + ")");
    }
}
