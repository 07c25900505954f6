package org.fixbench.cli.report.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report's document written three ways: Markdown, HTML and the console's text. The HTML is made from the blocks,
 * not from the Markdown; the two must still say the same, so the HTML is held to what commonmark-java makes of the
 * Markdown writer's text, for a document with every kind of block.
 */
class DocumentWritersTest {
    @TempDir
    Path tmp;

    private static Document everyBlock() {
        Table table = new Table.Builder(List.of("µs", "a \\| b", "c"), List.of(Table.Align.LEFT, Table.Align.RIGHT,
                Table.Align.LEFT))
                .row(Table.Row.of("p50", "50", List.of("-", "`x` **y**")))
                .row(Table.Row.of(null, "worst", List.of("1,234", "✗ FAILED")))
                .build();
        return new Document("fixbench comparison (from an uncommitted tree)", List.of(
                new Block.Paragraph("**Made again** by today's code"),
                new Block.Paragraph("Command: `compare --rates 2000`"),
                new Block.Paragraph("1. not a list\n- nor this\n---\n# nor a heading\n> nor a quote\n===\n2) nor"),
                new Block.Section(2, "Environment", List.of(Block.Bullets.ofTexts(List.of("CPU: `x`", "- a dash", "***", "10. ten")))),
                new Block.Section(2, "2,000 msgs/s", List.of(table,
                        Block.Bullets.ofTexts(List.of("✗ **sbe at 2,000 msgs/s was disturbed**", "a note")),
                        new Block.Figure("Percentiles at 2,000 msgs/s", "charts/p.png"),
                        new Block.Figure("not drawn", "charts/missing.png"))),
                new Block.Section(2, "Profiles", List.of(new Block.Paragraph("Each benchmark's profiles."),
                        Block.Bullets.of(List.of(new Block.Item("sbe at 2,000/s: [a.html](profiles/a.html)",
                                List.of(Block.Item.of("hottest frames, client: a\\|b; c"))))))),
                new Block.Section(2, "Per client host", List.of(new Table.Builder(List.of("host", "role"),
                        List.of(Table.Align.LEFT, Table.Align.LEFT)).row(Table.Row.of(null, "h1", List.of("server")))
                        .build())),
                new Block.Section(2, "Run-by-run summaries (JLBH style, µs)", List.of(
                        new Block.Section(3, "sbe:tuned @ 2,000/s", List.of(
                                new Block.Code("run 1: OK, a < b & c\nendToEnd  50: 12.3\n"),
                                new Block.Bullets(List.of(List.of(Block.Item.of("an engine note")),
                                        List.of(Block.Item.of("pinning: client on CPU 1"))))))),
                        true),
                new Block.Paragraph("Files: `summary.json`")));
    }

    /** commonmark-java's HTML of {@code markdown}, its images embedded as the HTML writer embeds them. */
    private static String commonmark(String markdown, Path folder) {
        List<org.commonmark.Extension> ext = List.of(TablesExtension.create());
        Node doc = Parser.builder().extensions(ext).build().parse(markdown);
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(Image image) {
                Path file = folder.resolve(image.getDestination());
                try {
                    if (Files.isRegularFile(file)) {
                        image.setDestination("data:image/png;base64,"
                                + Base64.getEncoder().encodeToString(Files.readAllBytes(file)));
                    }
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        return HtmlRenderer.builder().extensions(ext).build().render(doc);
    }

    @Test
    void theMarkdownHasEachBlockFollowedByABlankLineAndEndsWithOneNewline() {
        String md = MarkdownWriter.write(everyBlock());
        assertTrue(md.startsWith("# fixbench comparison (from an uncommitted tree)\n\n**Made again** by today's "
                + "code\n\nCommand: `compare --rates 2000`\n\n1\\. not a list\n\\- nor this\n\\---\n\\# nor a heading\n"
                + "\\> nor a quote\n\\===\n2\\) nor\n\n## Environment\n\n- CPU: `x`\n- \\- a dash\n- \\***\n- 10\\. ten\n\n"),
                md);
        assertTrue(md.contains("| µs | a \\| b | c |\n| --- | ---: | --- |\n| 50 | - | `x` **y** |\n"
                + "| worst | 1,234 | ✗ FAILED |\n\n- ✗ **sbe"), md);
        assertTrue(md.contains("- sbe at 2,000/s: [a.html](profiles/a.html)\n  - hottest frames, client: a\\|b; c\n\n"),
                md);
        assertTrue(md.contains("```\nrun 1: OK, a < b & c\nendToEnd  50: 12.3\n```\n\n- an engine note\n\n"
                + "- pinning: client on CPU 1\n\nFiles"), md);
        assertTrue(md.endsWith("Files: `summary.json`\n") && !md.contains("\n\n\n"), md);
    }

    @Test
    void theHtmlMadeFromTheBlocksIsWhatCommonmarkMakesOfTheMarkdown() throws Exception {
        Files.createDirectories(tmp.resolve("charts"));
        Files.write(tmp.resolve("charts/p.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3});
        Document doc = everyBlock();
        String html = HtmlWriter.write(doc, tmp);
        String body = html.substring(html.indexOf("<body>\n") + 7, html.lastIndexOf("</body>"));
        assertEquals(commonmark(MarkdownWriter.write(doc), tmp), body);
        assertTrue(body.contains("<li>\n<p>an engine note</p>\n</li>"), "groups apart: their items stand apart");
        assertTrue(body.contains("<td align=\"right\">-</td>"), "a cell's lone dash is text, not a list");
        assertTrue(body.contains("<p>1. not a list\n- nor this\n---\n# nor a heading\n&gt; nor a quote\n===\n2) nor</p>"),
                "a paragraph's lines stay its text");
        assertTrue(body.contains("<li>- a dash</li>"), body);
        assertTrue(body.contains("src=\"data:image/png;base64,iVBORwECAw==\""), "a chart drawn is embedded");
        assertTrue(body.contains("src=\"charts/missing.png\""), "one not drawn is linked");
    }

    @Test
    void theConsoleShowsTheReportUpToItsRunByRunSummaries() {
        String console = ConsoleWriter.write(everyBlock());
        assertTrue(console.contains("## Per client host"), console);
        assertFalse(console.contains("Run-by-run") || console.contains("run 1: OK") || console.contains("Files"),
                console);
        assertTrue(MarkdownWriter.write(everyBlock()).startsWith(console.substring(0, console.length() - 1)),
                "what it shows is the report's beginning");
    }
}
