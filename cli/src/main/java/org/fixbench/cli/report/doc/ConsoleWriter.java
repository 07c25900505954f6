package org.fixbench.cli.report.doc;

import java.util.ArrayList;
import java.util.List;

/**
 * What a command prints of its report when it ends: the document as Markdown up to its detail (the run-by-run
 * summaries, which are in report.md), followed by a blank line.
 */
public final class ConsoleWriter {
    private ConsoleWriter() {
    }

    public static String write(Document document) {
        List<Block> shown = new ArrayList<>();
        for (Block block : document.blocks()) {
            if (block instanceof Block.Section s && s.detail()) {
                break;
            }
            shown.add(block);
        }
        return MarkdownWriter.write(new Document(document.title(), shown)) + "\n";
    }
}
