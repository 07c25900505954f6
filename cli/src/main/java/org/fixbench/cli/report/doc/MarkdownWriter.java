package org.fixbench.cli.report.doc;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes a report's document as Markdown (GitHub's tables): the title, then each block, each followed by a blank line
 * but the last, which ends the file with one newline.
 */
public final class MarkdownWriter {
    private MarkdownWriter() {
    }

    public static String write(Document document) {
        StringBuilder sb = new StringBuilder("# ").append(document.title()).append("\n\n");
        document.blocks().forEach(b -> write(sb, b));
        while (sb.length() > 1 && sb.charAt(sb.length() - 1) == '\n' && sb.charAt(sb.length() - 2) == '\n') {
            sb.setLength(sb.length() - 1);
        }
        return sb.toString();
    }

    /** The blocks, in order. */
    public static String write(List<Block> blocks) {
        StringBuilder sb = new StringBuilder();
        blocks.forEach(b -> write(sb, b));
        return sb.toString();
    }

    static void write(StringBuilder sb, Block block) {
        if (block instanceof Block.Section s) {
            sb.append("#".repeat(s.level())).append(' ').append(s.title()).append("\n\n");
            s.blocks().forEach(b -> write(sb, b));
        } else if (block instanceof Block.Paragraph p) {
            sb.append(text(p.text())).append("\n\n");
        } else if (block instanceof Table t) {
            sb.append(table(t)).append('\n');
        } else if (block instanceof Block.Bullets b) {
            for (List<Block.Item> group : b.groups()) {
                group.forEach(item -> item(sb, item, ""));
                sb.append('\n');
            }
        } else if (block instanceof Block.Code c) {
            sb.append("```\n").append(c.text()).append("```\n\n");
        } else if (block instanceof Block.Figure f) {
            sb.append("![").append(f.title()).append("](").append(f.path()).append(")\n\n");
        } else {
            throw new IllegalArgumentException("no Markdown for " + block.getClass().getSimpleName());
        }
    }

    private static void item(StringBuilder sb, Block.Item item, String indent) {
        sb.append(indent).append("- ").append(text(item.text())).append('\n');
        item.items().forEach(i -> item(sb, i, indent + "  "));
    }

    /** A line Markdown would read as a list item, a heading, a quote or a rule. */
    private static final java.util.regex.Pattern MARKER = java.util.regex.Pattern.compile(
            "^(?:[-+*](?=\\s|$)|#{1,6}(?=\\s|$)|>|(?=[-*_](?:\\s*[-*_]){2,}\\s*$)[-*_]|(?==+\\s*$)=)");
    private static final java.util.regex.Pattern ORDERED = java.util.regex.Pattern.compile("^(\\d{1,9})([.)])(?=\\s|$)");

    /**
     * A paragraph's or an item's text, as text: a line that Markdown would read as a list item, a heading, a quote or
     * a rule has its marker escaped with a backslash (a note "- a dash" stays a note, not a list inside it).
     */
    static String text(String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            java.util.regex.Matcher ordered = ORDERED.matcher(lines[i]);
            if (ordered.find()) {
                lines[i] = ordered.group(1) + "\\" + lines[i].substring(ordered.group(1).length());
            } else if (MARKER.matcher(lines[i]).find()) {
                lines[i] = "\\" + lines[i];
            }
        }
        return String.join("\n", lines);
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
