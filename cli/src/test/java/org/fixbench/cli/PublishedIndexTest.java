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
}
