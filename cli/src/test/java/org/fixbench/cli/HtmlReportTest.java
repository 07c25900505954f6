package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fixbench.cli.report.HtmlReport;
import org.junit.jupiter.api.Test;

/** report.html has every table and every image of report.md, rendered by commonmark-java, the images embedded. */
class HtmlReportTest {
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
        String markdown = Files.readString(folder.resolve("report.md"));
        String html = HtmlReport.render(markdown, folder);
        int tables = count(Pattern.compile("(?m)^\\|( ?:?-+:? ?\\|)+\\s*$"), markdown);
        int images = count(Pattern.compile("!\\["), markdown);
        assertTrue(tables >= 3 && images >= 3, "the premise: a report with tables and charts");
        assertEquals(tables, count(Pattern.compile("<table>"), html), "every table");
        assertEquals(images, count(Pattern.compile("<img src=\"data:image/png;base64,"), html), "every chart, embedded");
        assertTrue(html.contains("<td>") && html.contains("<th>"));
        assertFalse(html.contains("| --- |") || html.contains("| ---: |"), "no table left as text");
    }
}
