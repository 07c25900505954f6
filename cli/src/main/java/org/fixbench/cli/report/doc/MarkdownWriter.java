package org.fixbench.cli.report.doc;

import java.util.ArrayList;
import java.util.List;

/** Writes a report's parts as Markdown (GitHub's tables). */
public final class MarkdownWriter {
    private MarkdownWriter() {
    }

    /** The table: its header, a line of alignments ({@code ---} left, {@code ---:} right), then a line per row. */
    public static String table(Table table) {
        StringBuilder sb = new StringBuilder();
        line(sb, table.header());
        line(sb, table.align().stream().map(a -> a == Table.Align.RIGHT ? "---:" : "---").toList());
        for (Table.Row row : table.rows()) {
            List<String> cells = new ArrayList<>(row.cells().size() + 1);
            cells.add(row.label());
            row.cells().forEach(c -> cells.add(c.text()));
            line(sb, cells);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
