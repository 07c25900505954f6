package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fixbench.cli.report.ReferenceTable;
import org.fixbench.cli.results.PublishedIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** results/published/README.md is the index the folders make: every folder a row, every row a folder. */
class PublishedIndexTest {
    private static final Path PUBLISHED = Path.of("../results/published");

    @TempDir
    Path tmp;

    @Test
    void theCommittedIndexIsTheOneTheFoldersMake() throws Exception {
        String made = PublishedIndex.markdown(PUBLISHED);
        assertEquals(made, Files.readString(PUBLISHED.resolve("README.md")),
                "results/published/README.md is not current: run scripts/fixbench index");
        List<String> folders;
        try (Stream<Path> s = Files.list(PUBLISHED)) {
            folders = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).toList();
        }
        long rows = made.lines().filter(l -> l.startsWith("| [")).count();
        assertEquals(folders.size(), rows);
        folders.forEach(f -> assertTrue(made.contains("| [" + f + "](" + f + "/) |"), f));
    }

    @Test
    void aNewFolderMakesTheIndexStale() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("published"));
        Files.createDirectories(root.resolve("20261124-a"));
        Files.writeString(root.resolve("README.md"), PublishedIndex.markdown(root));
        assertEquals(Files.readString(root.resolve("README.md")), PublishedIndex.markdown(root));
        Files.createDirectories(root.resolve("20261124-b"));
        assertTrue(!Files.readString(root.resolve("README.md")).equals(PublishedIndex.markdown(root)));
    }

    @Test
    void aRemovedFolderIsListedWithItsSuccessorAndARowThatLiesIsRefused() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("curated"));
        Files.createDirectories(root.resolve("20261124-kept"));
        Files.writeString(root.resolve("20261124-kept/README.md"), "# Kept\n\nReference for: the claim\n");
        Files.writeString(root.resolve(PublishedIndex.SUPERSEDED), "# comment\n20261123-old\tabc1234\t20261124-kept\told rules\n");
        String made = PublishedIndex.markdown(root);
        assertTrue(made.contains("| 20261123-old | abc1234 | [20261124-kept](20261124-kept/) | old rules |"), made);
        assertTrue(made.contains("| [20261124-kept](20261124-kept/) | 2026-11-24 | the claim | Kept |"), made);
        // a successor that is not here, a removed folder that is, a row without its four fields: one line each
        Files.writeString(root.resolve(PublishedIndex.SUPERSEDED), "20261123-old\tabc1234\t20261125-gone\twhy\n");
        IllegalArgumentException gone = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PublishedIndex.markdown(root));
        assertTrue(gone.getMessage().endsWith("line 1: its successor 20261125-gone is not here"), gone.getMessage());
        Files.writeString(root.resolve(PublishedIndex.SUPERSEDED), "20261124-kept\tabc1234\t-\twhy\n");
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PublishedIndex.markdown(root)).getMessage().contains("20261124-kept is still here"));
        Files.writeString(root.resolve(PublishedIndex.SUPERSEDED), "20261123-old abc1234\n");
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PublishedIndex.markdown(root)).getMessage().contains("expected 4 tab-separated fields"));
    }

    @Test
    void theReadmeReferenceTableIsTheOneItsReportMakes() throws Exception {
        String readme = Files.readString(Path.of("../README.md"));
        assertEquals(ReferenceTable.refresh(readme, Path.of("..")), readme,
                "README.md's reference table is not current: run scripts/fixbench index");
        assertTrue(readme.contains("| 10,000 | sbe:tuned | "), "a row per rate and engine");
        // a README without the block's markers, or with an opening marker only, is refused in one line
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ReferenceTable.refresh("# fixbench\n", Path.of(".."))).getMessage().contains("has no line"));
        String unclosed = readme.substring(0, readme.indexOf(ReferenceTable.END));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ReferenceTable.refresh(unclosed, Path.of(".."))).getMessage().contains("no closing line"));
    }

    /**
     * The reference table is made from the results model, its rows found by their keys; the report's rendered tables
     * of the same folder must say the same: read back from today's report.md (the rows found by their labels, as the
     * table was made until 2026-12-07), every cell agrees.
     */
    @Test
    void theReferenceTableAgreesWithTheRenderedReportOfItsFolder() throws Exception {
        Path folder = Path.of("../results/published/20261126-default-comparison-remeasure/compare-1");
        String rendered = org.fixbench.cli.report.doc.MarkdownWriter.write(org.fixbench.cli.report.FolderReport
                .document(org.fixbench.harness.results.ResultsReader.read(folder), folder, tmp, false, false));
        Path report = tmp.resolve("report.md");
        Files.writeString(report, rendered);
        String fromText = tableFromRenderedRows(rendered);
        assertTrue(fromText.contains("| 10,000 | sbe:tuned | "), fromText);
        String model = ReferenceTable.markdown(folder.resolve("report.md"));
        String modelRows = model.substring(model.indexOf('\n', model.indexOf('\n') + 1) + 1);
        assertEquals(fromText, modelRows, "the table from the model and the report's rendered rows disagree");
        // bad input, in one line each: no report, no results beside it
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ReferenceTable.markdown(tmp.resolve("none/report.md"))).getMessage().contains("no such file"));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ReferenceTable.markdown(report)).getMessage().startsWith("cannot read the results beside"));
    }

    /** The reference table read off a report's rendered rate tables, by their rows' labels. */
    private static String tableFromRenderedRows(String report) {
        List<String> lines = report.lines().toList();
        StringBuilder md = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            java.util.regex.Matcher heading = java.util.regex.Pattern.compile("^## ([0-9,]+) msgs/s$")
                    .matcher(lines.get(i));
            if (!heading.matches()) {
                continue;
            }
            Map<String, String[]> rows = new java.util.HashMap<>();
            for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("## "); j++) {
                if (lines.get(j).startsWith("| ")) {
                    String inner = lines.get(j).substring(1, lines.get(j).lastIndexOf('|'));
                    String[] cells = java.util.Arrays.stream(inner.split("(?<!\\\\)\\|", -1)).map(String::trim)
                            .toArray(String[]::new);
                    String key = cells[0].startsWith("overhead vs ") && cells[0].contains(" at p50, paired")
                            ? "overhead" : cells[0];
                    rows.putIfAbsent(key, cells);
                }
            }
            String[] engines = rows.get("µs");
            for (int c = 1; c < engines.length; c++) {
                String[] runs = rows.get("runs OK / DISTURBED / SATURATED / FAILED")[c].split("\\s*/\\s*");
                int total = java.util.Arrays.stream(runs).mapToInt(x -> Integer.parseInt(x.trim())).sum();
                md.append("| ").append(heading.group(1)).append(" | ").append(engines[c]).append(" | ")
                        .append(rows.get("50")[c].split(" \\[")[0]).append(" | ")
                        .append(rows.get("99")[c].split(" \\[")[0]).append(" | ").append(rows.get("worst")[c])
                        .append(" | ").append(rows.get("overhead")[c]).append(" | ").append(runs[0].trim())
                        .append(" of ").append(total).append(" |\n");
            }
        }
        return md.toString();
    }

    @Test
    void theReferenceForColumnIsTheWholeParagraphAndTheCpuNamesItsFamilyAndModel() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("paragraph"));
        Path folder = Files.createDirectories(root.resolve("20261124-long"));
        Files.writeString(folder.resolve("README.md"), "# Long\n\nReference for: the first line,\nthe second "
                + "line.\n\nSomething else.\n");
        Files.writeString(folder.resolve("environment.json"), "{\"cpuModel\": \"AMD EPYC\", \"cpu\": "
                + "{\"family\": \"25\", \"model\": \"17\"}}");
        String made = PublishedIndex.markdown(root);
        assertTrue(made.contains("| the first line, the second line. | Long |"), made);
        assertTrue(made.contains("| AMD EPYC (family 25 model 17) |"), made);
        // a link in the paragraph is relative to its folder: in the index, it is made relative to the index
        Files.writeString(folder.resolve("README.md"), "# Long\n\nReference for: as [before](../20261123-old/), "
                + "[its table](table.md#top) and [the web](https://example.org/).\n");
        assertTrue(PublishedIndex.markdown(root).contains("| as [before](20261123-old/), [its table]"
                + "(20261124-long/table.md#top) and [the web](https://example.org/). |"), PublishedIndex.markdown(root));
    }

    @Test
    void theDefaultComparisonFitsItsSizeBudget() {
        // results/README.md states the budget; the lossless logs, summaries, PNG charts and the self-contained HTML
        long bytes = PublishedIndex.size(PUBLISHED.resolve("20261124-default-comparison"));
        assertTrue(bytes <= 6_000_000, "the default comparison's folder is " + bytes + " bytes, over its 6 MB budget");
    }

    @Test
    void thePublishedFolderFitsItsSizeBudget() {
        // bytes of files, not disk blocks: results/README.md states the 60 MB budget
        long bytes = PublishedIndex.size(PUBLISHED);
        assertTrue(bytes <= 60_000_000, "results/published holds " + bytes + " bytes, over its 60 MB budget");
    }
}
