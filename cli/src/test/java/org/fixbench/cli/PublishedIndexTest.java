package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

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
    void theDefaultComparisonFitsItsSizeBudget() {
        // results/README.md states the budget; the lossless logs, summaries, PNG charts and the self-contained HTML
        long bytes = PublishedIndex.size(PUBLISHED.resolve("20261124-default-comparison"));
        assertTrue(bytes <= 6_000_000, "the default comparison's folder is " + bytes + " bytes, over its 6 MB budget");
    }
}
