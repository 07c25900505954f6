package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fixbench.cli.results.PublishedIndex;
import org.fixbench.cli.results.ReferenceTable;
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

    @Test
    void theReferenceTableReadsTheReportsRowsAndRefusesAReportWithout() throws Exception {
        Path report = tmp.resolve("report.md");
        Files.writeString(report, """
                # fixbench comparison

                ## 2,000 msgs/s

                | µs | tcp:spin | sbe:tuned ✗ |
                | --- | ---: | ---: |
                | 50 | 14.0 [9.57 – 15.0] | 17.3 [12.9 – 18.5] |
                | 99 | 63.4 [42.3 – 689.7] | 66.3 [58.5 – 77.4] |
                | worst | 4,096 | 2,762 |
                | runs OK / DISTURBED / SATURATED / FAILED | 6 / 0 / 0 / 0 | 2 / 1 / 0 / 0 |
                | overhead vs tcp:spin at p50, paired: median [interval] | - | ✗ DISTURBED |

                ## Latency against throughput
                """);
        String table = ReferenceTable.markdown(report);
        assertTrue(table.contains("| 2,000 | tcp:spin | 14.0 | 63.4 | 4,096 | - | 6 of 6 |\n"), table);
        assertTrue(table.contains("| 2,000 | sbe:tuned ✗ | 17.3 | 66.3 | 2,762 | ✗ DISTURBED | 2 of 3 |\n"), table);
        Files.writeString(report, Files.readString(report).replace("| worst |", "| best |"));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ReferenceTable.markdown(report)).getMessage().contains("lacks a row"));
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
